/**
 * What a game shows, independent of Discord. The bot renders a Panel to one embed plus
 * components, and routes clicks back to the `action` of the button or option, so engines
 * never build custom_ids. Keep within Discord's limits: title 256, description 4096,
 * 25 fields (name 256, value 1024), 5 rows of components, button label 80, 25 options per
 * select (label 100, description 100).
 *
 * Title, description, field names and values and the footer are Discord Markdown: whatever a
 * player wrote (a name, a promise) goes in through `literal` (src/games/text.ts). Labels,
 * descriptions of options, placeholders and form texts are plain text and take it raw.
 */
/** An action of the game this panel belongs to (checked by the engine's action schema). */
export type PanelAction = { type: string } & Record<string, unknown>;

export type PanelTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';
export type ButtonStyle = 'primary' | 'secondary' | 'success' | 'danger';

export interface PanelField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface PanelButton {
  label: string;
  /** An action of the game, applied for whoever clicks. Exactly one of action and modal. */
  action?: PanelAction;
  /** Opens a text form; the submitted text becomes `template[field]` and is applied. */
  modal?: PanelModal;
  style?: ButtonStyle;
  disabled?: boolean;
}

export interface PanelModal {
  /** At most 45 characters. */
  title: string;
  /** Field label, at most 45 characters. */
  label: string;
  /** A line under the label (at most 100 characters), e.g. the question to answer. */
  description?: string;
  field: string;
  paragraph?: boolean;
  /** At most 4000; with `more`, the limit of all the answers together. */
  maxLength: number;
  template: PanelAction;
  /**
   * Further questions (at most 4), each an optional text field in its own Label under the first;
   * the non-empty answers are appended to the first field's text, separated by a space.
   */
  more?: PanelModalQuestion[];
  /**
   * Menus above the text field, each in its own Label; the chosen option's value becomes
   * `template[choice.field]` (nothing when an optional menu is left empty). A form holds at
   * most 5 questions: menus, the text field and `more` together.
   */
  choices?: PanelModalChoice[];
  /** The text field may be left empty (the engine decides whether the rest suffices). */
  optional?: boolean;
}

export interface PanelModalChoice {
  /** At most 45 characters. */
  label: string;
  /** At most 100 characters. */
  description?: string;
  /** The action field the chosen value fills; also the menu's custom_id (never `text…`). */
  field: string;
  /** 1-25 options, each value unique within the menu. */
  options: { label: string; value: string; description?: string }[];
  required: boolean;
}

export interface PanelModalQuestion {
  /** At most 45 characters. */
  label: string;
  /** At most 100 characters. */
  description?: string;
  maxLength: number;
}

export interface PanelOption {
  label: string;
  description?: string;
  /** Single-choice selects: the action applied when this option is chosen. */
  action?: PanelAction;
  /** Multi-choice selects: the value put into `PanelSelect.multi.field`. */
  value?: string;
}

export interface PanelSelect {
  placeholder: string;
  options: PanelOption[];
  /** For choosing several options: the chosen values become `template[field]` (an array). */
  multi?: { template: PanelAction; field: string; min: number; max: number };
}

export interface Panel {
  title: string;
  description?: string;
  fields?: PanelField[];
  footer?: string;
  tone?: PanelTone;
  /** Players the message should mention because they must act. */
  mention?: string[];
  buttons?: PanelButton[];
  selects?: PanelSelect[];
}
