/** MASINT techniques, T28-T38: sensors that measure heat, sound, radiation, chemistry and motion. */
import { techniquesOf } from '../build.ts';

const masint = techniquesOf('MASINT');

export const MASINT_TECHNIQUES = [
  masint('T28', 'Overhead Persistent Infrared', 'MW', '3-9', {
    tags: ['satellite'],
    notAffectedBy: ['Cloud Cover'],
    description:
      'Infrared satellites catch the heat flash of a missile launch or explosion anywhere on Earth within seconds.',
  }),
  masint('T29', 'Acoustic Intelligence', 'MW', '4-8', {
    description:
      'Hydrophones and microphones record the sound signatures of submarines, ships and engines so each can be told apart.',
  }),
  masint('T30', 'Seismic Monitoring', 'W', '5-9', {
    onlyTargets: ['proliferation'],
    description:
      'A worldwide seismometer network tells an underground nuclear test from an earthquake and estimates its yield.',
  }),
  masint('T31', 'Radionuclide Air Sampling', 'W', '3-9', {
    tags: ['airborne'],
    onlyTargets: ['proliferation'],
    description:
      'Sampling aircraft and ground stations filter the air for radioactive particles that betray a test or a reactor.',
  }),
  masint('T32', 'Radar Intelligence', 'MW', '3-7', {
    description:
      'Ground and ship-borne radars track missiles and aircraft in flight, measuring their speed, path and size.',
  }),
  masint('T33', 'Chemical and Biological Sampling', 'W', '2-9', {
    description:
      'Soil, water and swab samples from near a suspect site are tested for traces of chemical or biological agents.',
  }),
  masint('T34', 'Hyperspectral Imaging', 'MEW', '4-7', {
    tags: ['satellite'],
    description:
      'Splitting light into hundreds of bands identifies materials by their spectra: fuel, paint, effluent, fresh concrete.',
  }),
  masint('T35', 'Unattended Ground Sensors', 'M', '2-6', {
    description:
      'Hidden seismic and magnetic sensors buried beside a road count and classify every vehicle that passes.',
  }),
  masint('T36', 'Forensic Trace Analysis', 'MW', '2-6', {
    onlyTargets: ['terrorism', 'crime', 'proliferation'],
    description:
      'Laboratory work on bomb fragments, residues and seized devices links an attack or shipment to its makers.',
  }),
  masint('T37', 'Missile Plume Signature Analysis', 'W', '5-9', {
    tags: ['satellite'],
    description:
      'Measuring the exhaust plume and burn time of a rocket reveals its fuel, its stages and how far it can fly.',
  }),
  masint('T38', 'Magnetic Anomaly Detection', 'M', '3-6', {
    tags: ['airborne'],
    description:
      'Patrol aircraft pick up the faint disturbance a submerged submarine makes in the magnetic field of the Earth.',
  }),
];
