/**
 * Turns a game's Panel into a Discord message: one embed and up to five rows of components,
 * each component's custom_id carrying its route (custom-id.ts). Text is clipped to Discord's
 * limits here, once, so no game can produce a message Discord would refuse.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  EmbedBuilder,
  ModalBuilder,
  StringSelectMenuBuilder,
  StringSelectMenuOptionBuilder,
  TextInputBuilder,
} from '@discordjs/builders';
import { ButtonStyle, TextInputStyle } from 'discord.js';
import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from 'discord.js';
import type { Panel, PanelButton, PanelModal, PanelSelect, PanelTone } from '../games/panel.ts';
import { actionHash, encodeRoute, type ActionRoute, type Scope } from './custom-id.ts';
import { clip, isHuman, LIMITS } from './text.ts';

export interface MessagePayload {
  content?: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  allowedMentions?: { users: string[] };
}

const TONES: Record<PanelTone, number> = {
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

export function controlsOf(panel: Panel): Control[] {
  return [
    ...(panel.buttons ?? []).map((button) => ({ kind: 'button' as const, button })),
    ...(panel.selects ?? []).map((select) => ({ kind: 'select' as const, select })),
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
  /** A line the platform adds under the description (e.g. the time left). */
  status?: string;
}

export function renderEmbed(panel: Panel, status?: string): APIEmbed {
  const title = clip(panel.title, LIMITS.embedTitle);
  const footer = panel.footer ? clip(panel.footer, LIMITS.footer) : '';
  // Discord also caps an embed's text at 6000 characters in all: fields are dropped from the
  // end first, then the description is shortened, so the board always goes out.
  let budget = LIMITS.embedTotal - title.length - footer.length;
  const description = clip(
    [panel.description, status].filter(Boolean).join('\n\n'),
    Math.min(LIMITS.embedDescription, budget),
  );
  budget -= description.length;
  const fields: { name: string; value: string; inline: boolean }[] = [];
  for (const f of (panel.fields ?? []).slice(0, LIMITS.embedFields)) {
    const field = {
      name: clip(f.name || '\u200b', LIMITS.fieldName),
      value: clip(f.value || '\u200b', LIMITS.fieldValue),
      inline: f.inline ?? false,
    };
    if (field.name.length + field.value.length > budget) break;
    budget -= field.name.length + field.value.length;
    fields.push(field);
  }
  const embed = new EmbedBuilder().setTitle(title).setColor(TONES[panel.tone ?? 'neutral']);
  if (description) embed.setDescription(description);
  if (fields.length) embed.addFields(fields);
  if (footer) embed.setFooter({ text: footer });
  return embed.toJSON();
}

function routeFor(target: RenderTarget, index: number, control: Control): string {
  return encodeRoute({
    kind: 'a',
    sid: target.sid,
    version: target.version,
    scope: target.scope,
    index,
    hash: controlHash(control),
  });
}

export function renderPanel(panel: Panel, target: RenderTarget): MessagePayload {
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  const controls = controlsOf(panel);
  const buttons: ButtonBuilder[] = [];
  const selects: StringSelectMenuBuilder[] = [];
  controls.forEach((control, index) => {
    const customId = routeFor(target, index, control);
    if (control.kind === 'button') {
      const b = control.button;
      buttons.push(
        new ButtonBuilder()
          .setCustomId(customId)
          .setLabel(clip(b.label, LIMITS.buttonLabel))
          .setStyle(STYLES[b.style ?? 'secondary'])
          .setDisabled(b.disabled ?? false),
      );
    } else {
      const s = control.select;
      const options = s.options.slice(0, LIMITS.selectOptions).map((o, i) => {
        const option = new StringSelectMenuOptionBuilder()
          .setLabel(clip(o.label, LIMITS.optionLabel))
          .setValue(String(i));
        if (o.description) option.setDescription(clip(o.description, LIMITS.optionDescription));
        return option;
      });
      if (options.length === 0) return;
      const menu = new StringSelectMenuBuilder()
        .setCustomId(customId)
        .setPlaceholder(clip(s.placeholder, LIMITS.placeholder))
        .addOptions(options);
      if (s.multi) {
        menu.setMinValues(Math.min(s.multi.min, options.length));
        menu.setMaxValues(Math.max(1, Math.min(s.multi.max, options.length)));
      }
      selects.push(menu);
    }
  });
  const allButtons = [...buttons, ...(target.extraButtons ?? [])];
  for (let i = 0; i < allButtons.length; i += LIMITS.buttonsPerRow)
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(allButtons.slice(i, i + LIMITS.buttonsPerRow)),
    );
  for (const menu of selects) rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu));
  const humans = (panel.mention ?? []).filter(isHuman);
  const payload: MessagePayload = {
    embeds: [renderEmbed(panel, target.status)],
    components: rows.slice(0, LIMITS.rows).map((r) => r.toJSON()),
  };
  if (humans.length) {
    payload.content = clip(`${humans.map((id) => `<@${id}>`).join(' ')} — your move.`, LIMITS.content);
    payload.allowedMentions = { users: humans };
  }
  return payload;
}

export function renderModal(modal: PanelModal, customId: string): ModalBuilder {
  const input = new TextInputBuilder()
    .setCustomId('text')
    .setLabel(clip(modal.label, LIMITS.inputLabel))
    .setStyle(modal.paragraph ? TextInputStyle.Paragraph : TextInputStyle.Short)
    .setMaxLength(Math.min(modal.maxLength, LIMITS.inputValue))
    .setRequired(true);
  return new ModalBuilder()
    .setCustomId(customId)
    .setTitle(clip(modal.title, LIMITS.modalTitle))
    .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
}
