/**
 * Turns a game's Panel into a Discord message in the current layout (Components V2): one
 * Container in the panel's accent colour holding the title, the picture (a MediaGallery with
 * alt text), the text, and the controls under the text they act on. Each control's custom_id
 * carries its route (custom-id.ts). Text is fitted to Discord's limits here, once, so no game can
 * produce a message Discord would refuse.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  LabelBuilder,
  ModalBuilder,
  StringSelectMenuBuilder,
  StringSelectMenuOptionBuilder,
  TextInputBuilder,
} from '@discordjs/builders';
import { ButtonStyle, TextInputStyle } from 'discord.js';
import type { APIActionRowComponent, APIComponentInMessageActionRow } from 'discord.js';
import type {
  Panel,
  PanelButton,
  PanelModal,
  PanelModalChoice,
  PanelSelect,
  PanelTone,
} from '../../games/panel.ts';
import { actionHash, encodeRoute, type ActionRoute, type Scope } from '../kernel/custom-id.ts';
import { layout, type Layout, type MessagePayload } from './layout.ts';
import type { DrawnPicture } from './pictures.ts';
import { clip, isHuman, LIMITS } from '../kernel/text.ts';

export type { MessagePayload } from './layout.ts';

export const TONES: Record<PanelTone, number> = {
  neutral: 0x5865f2,
  info: 0x3498db,
  success: 0x2ecc71,
  warning: 0xf1c40f,
  danger: 0xe74c3c,
};

const STYLES = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
} as const;

/** A panel's interactive controls in render order: buttons first, then selects. */
export type Control = { kind: 'button'; button: PanelButton } | { kind: 'select'; select: PanelSelect };

/**
 * A select with more options than Discord allows in one menu becomes several menus, each
 * naming the part of the list it holds, so no choice is ever dropped.
 */
function selectParts(select: PanelSelect): PanelSelect[] {
  const size = LIMITS.selectOptions;
  if (select.options.length <= size) return [select];
  const parts: PanelSelect[] = [];
  for (let from = 0; from < select.options.length; from += size) {
    const options = select.options.slice(from, from + size);
    const part: PanelSelect = {
      placeholder: `${select.placeholder} (${from + 1}-${from + options.length} of ${select.options.length})`,
      options,
    };
    if (select.multi) part.multi = { ...select.multi, min: Math.min(select.multi.min, options.length) };
    parts.push(part);
  }
  return parts;
}

export function controlsOf(panel: Panel): Control[] {
  return [
    ...(panel.buttons ?? []).map((button) => ({ kind: 'button' as const, button })),
    ...(panel.selects ?? []).flatMap(selectParts).map((select) => ({ kind: 'select' as const, select })),
  ];
}

export function controlHash(control: Control): string {
  if (control.kind === 'button') return actionHash(control.button.action ?? control.button.modal?.template);
  return actionHash({
    p: control.select.placeholder,
    o: control.select.options.map((o) => o.action ?? o.value),
    m: control.select.multi?.template,
  });
}

/**
 * Finds the control a click meant. The same position with the same fingerprint is the usual
 * case; if the panel has moved on, the same action elsewhere in it still counts.
 */
export function findControl(panel: Panel, route: ActionRoute): Control | undefined {
  const controls = controlsOf(panel);
  const atIndex = controls[route.index];
  if (atIndex && controlHash(atIndex) === route.hash) return atIndex;
  return controls.find((c) => controlHash(c) === route.hash);
}

export interface RenderTarget {
  sid: string;
  version: number;
  scope: Scope;
  /** Extra buttons the platform adds (e.g. "My view"), placed after the game's own. */
  extraButtons?: ButtonBuilder[];
  /** A line the platform adds under the text (e.g. the time left). */
  status?: string;
  /** The panel's picture, drawn from the same view. */
  picture?: DrawnPicture | undefined;
  /** A private view: it mentions nobody (the caller sends it ephemerally). */
  ephemeral?: boolean;
}

function routeFor(target: RenderTarget, index: number, control: Control): string {
  return encodeRoute({
    kind: control.kind === 'button' && control.button.modal ? 'f' : 'a',
    sid: target.sid,
    version: target.version,
    scope: target.scope,
    index,
    hash: controlHash(control),
  });
}

/** A select menu built from a panel select; option values are the options' positions. */
export function renderSelect(select: PanelSelect, customId: string): StringSelectMenuBuilder {
  const options = select.options.slice(0, LIMITS.selectOptions).map((o, i) => {
    const option = new StringSelectMenuOptionBuilder()
      .setLabel(clip(o.label, LIMITS.optionLabel))
      .setValue(String(i));
    if (o.description) option.setDescription(clip(o.description, LIMITS.optionDescription));
    return option;
  });
  const menu = new StringSelectMenuBuilder()
    .setCustomId(customId)
    .setPlaceholder(clip(select.placeholder, LIMITS.placeholder))
    .addOptions(options);
  if (select.multi) {
    menu.setMinValues(Math.min(select.multi.min, options.length));
    menu.setMaxValues(Math.max(1, Math.min(select.multi.max, options.length)));
  }
  return menu;
}

/** Buttons five to a row, then one row per select menu. */
export function controlRows(
  buttons: ButtonBuilder[],
  selects: StringSelectMenuBuilder[],
): APIActionRowComponent<APIComponentInMessageActionRow>[] {
  const rows: APIActionRowComponent<APIComponentInMessageActionRow>[] = [];
  for (let i = 0; i < buttons.length; i += LIMITS.buttonsPerRow)
    rows.push(
      new ActionRowBuilder<ButtonBuilder>()
        .addComponents(buttons.slice(i, i + LIMITS.buttonsPerRow))
        .toJSON(),
    );
  for (const menu of selects)
    rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu).toJSON());
  return rows;
}

/** A panel's text as Discord Markdown: description, then each field under a bold name. */
export function panelText(panel: Panel): string {
  const fields = (panel.fields ?? []).map((f) => `**${f.name || '\u200b'}**\n${f.value || '\u200b'}`);
  return [panel.description, ...fields].filter(Boolean).join('\n\n');
}

export function renderPanel(panel: Panel, target: RenderTarget): MessagePayload {
  const buttons: ButtonBuilder[] = [];
  const selects: StringSelectMenuBuilder[] = [];
  controlsOf(panel).forEach((control, index) => {
    const customId = routeFor(target, index, control);
    if (control.kind === 'select') {
      if (control.select.options.length > 0) selects.push(renderSelect(control.select, customId));
      return;
    }
    const b = control.button;
    buttons.push(
      new ButtonBuilder()
        .setCustomId(customId)
        .setLabel(clip(b.label, LIMITS.buttonLabel))
        .setStyle(STYLES[b.style ?? 'secondary'])
        .setDisabled(b.disabled ?? false),
    );
  });
  const humans = target.ephemeral ? [] : (panel.mention ?? []).filter(isHuman);
  const spec: Layout = {
    title: panel.title,
    body: panelText(panel),
    accent: TONES[panel.tone ?? 'neutral'],
    rows: controlRows([...buttons, ...(target.extraButtons ?? [])], selects),
    mention: humans,
  };
  if (panel.footer) spec.footer = panel.footer;
  if (target.status) spec.status = target.status;
  if (target.picture) spec.picture = target.picture;
  return layout(spec);
}

/** Custom id of a form's further question `i` (0-based); the first field is `text`. */
export const moreFieldId = (i: number): string => `text-${i + 2}`;

/** Custom id of a form's menu: the action field it fills, so a script writes `what=play`. */
export const choiceFieldId = (choice: PanelModalChoice): string => choice.field;

/** A form's menus, at most what the 5 questions of a modal leave beside the text field. */
export const modalChoices = (modal: PanelModal): PanelModalChoice[] =>
  (modal.choices ?? []).slice(0, 4 - Math.min(4, modal.more?.length ?? 0));

function renderChoice(choice: PanelModalChoice): LabelBuilder {
  const menu = new StringSelectMenuBuilder()
    .setCustomId(choiceFieldId(choice))
    .setMinValues(choice.required ? 1 : 0)
    .setMaxValues(1)
    .setRequired(choice.required)
    .addOptions(
      choice.options.slice(0, LIMITS.selectOptions).map((o) => {
        const option = new StringSelectMenuOptionBuilder()
          .setLabel(clip(o.label, LIMITS.optionLabel))
          .setValue(clip(o.value, LIMITS.optionLabel));
        if (o.description) option.setDescription(clip(o.description, LIMITS.optionDescription));
        return option;
      }),
    );
  const label = new LabelBuilder()
    .setLabel(clip(choice.label, LIMITS.inputLabel))
    .setStringSelectMenuComponent(menu);
  if (choice.description) label.setDescription(clip(choice.description, LIMITS.labelDescription));
  return label;
}

/** A form with one text field and any further questions, each in a Label (Discord's current modal layout). */
export function renderModal(modal: PanelModal, customId: string): ModalBuilder {
  // With further questions, the first field keeps what the others leave of the total.
  const others = (modal.more ?? []).slice(0, 4).reduce((n, q) => n + q.maxLength, 0);
  const input = new TextInputBuilder()
    .setCustomId('text')
    .setStyle(modal.paragraph ? TextInputStyle.Paragraph : TextInputStyle.Short)
    .setMaxLength(Math.max(1, Math.min(modal.maxLength - others, LIMITS.inputValue)))
    .setRequired(!modal.optional);
  const label = new LabelBuilder()
    .setLabel(clip(modal.label, LIMITS.inputLabel))
    .setTextInputComponent(input);
  if (modal.description) label.setDescription(clip(modal.description, LIMITS.labelDescription));
  const choices = modalChoices(modal).map((c) => renderChoice(c));
  const more = (modal.more ?? []).slice(0, 4 - choices.length).map((q, i) => {
    const extra = new LabelBuilder().setLabel(clip(q.label, LIMITS.inputLabel)).setTextInputComponent(
      new TextInputBuilder()
        .setCustomId(moreFieldId(i))
        .setStyle(modal.paragraph ? TextInputStyle.Paragraph : TextInputStyle.Short)
        .setMaxLength(Math.min(q.maxLength, LIMITS.inputValue))
        .setRequired(false),
    );
    if (q.description) extra.setDescription(clip(q.description, LIMITS.labelDescription));
    return extra;
  });
  return new ModalBuilder()
    .setCustomId(customId)
    .setTitle(clip(modal.title, LIMITS.modalTitle))
    .addLabelComponents(...choices, label, ...more);
}
