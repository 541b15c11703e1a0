/** GEOINT techniques, T01-T12: imagery and maps, from satellites, aircraft and posted photos. */
import { techniquesOf } from '../build.ts';

const geoint = techniquesOf('GEOINT');

export const GEOINT_TECHNIQUES = [
  geoint('T01', 'Imagery Analysis', 'PMW', '3-7', {
    tags: ['satellite'],
    description:
      'Trained analysts study overhead photographs to count, measure and identify equipment, construction and activity.',
  }),
  geoint('T02', 'Commercial Satellite Imagery', 'PME', '1-5', {
    tags: ['satellite'],
    notAffectedBy: ['Satellite Maneuvering'],
    description:
      'Pictures bought from private constellations: coarser than national systems, but easy to share with allies and the press.',
  }),
  geoint('T03', 'Synthetic Aperture Radar Imaging', 'MW', '3-9', {
    tags: ['satellite'],
    notAffectedBy: ['Cloud Cover'],
    description:
      'Radar satellites image the ground by day or night, straight through cloud, smoke and darkness.',
  }),
  geoint('T04', 'Full-Motion Video', 'M', '2-6', {
    tags: ['airborne'],
    description:
      'A drone circles for hours, streaming live video that follows people and vehicles as they move.',
  }),
  geoint('T05', 'Multispectral Imagery', 'EW', '3-7', {
    tags: ['satellite'],
    description:
      'Bands beyond visible light show crop health, freshly disturbed soil and camouflage nets that look green but are not.',
  }),
  geoint('T06', 'Terrain and Route Analysis', 'ME', '1-4', {
    description:
      'Cartographers build elevation models and route studies that show what the ground lets an army or smuggler do.',
  }),
  geoint('T07', 'Change Detection', 'PMEW', '4-6', {
    tags: ['satellite'],
    description:
      'Comparing images of one site over months shows what is new: a tunnel entrance, a moved launcher, a widened road.',
  }),
  geoint('T08', 'Manned Aerial Reconnaissance', 'MW', '3-6', {
    tags: ['airborne'],
    description:
      'A high-altitude reconnaissance aircraft photographs a target while flying along the edge of hostile airspace.',
  }),
  geoint('T09', 'Night Lights Analysis', 'PE', '2-5', {
    tags: ['satellite'],
    description:
      'Satellite measurements of light at night track blackouts, factory shifts and people fleeing a city.',
  }),
  geoint('T10', 'Maritime Domain Awareness', 'ME', '1-7', {
    tags: ['satellite'],
    description:
      'Fusing ship transponder tracks with imagery exposes vessels that switch off their beacons to meet at sea.',
  }),
  geoint('T11', 'Geolocation of Posted Imagery', 'PMW', '1-4', {
    description:
      'Matching skylines, shadows and shop signs in photos posted online pins down where and when they were taken.',
  }),
  geoint('T12', 'Human Geography', 'PE', '1-2', {
    description:
      'Maps of language, religion, tribe and trade routes explain who lives where and which side they are likely to take.',
  }),
];
