/* global document */
/**
 * The forms (modals) the bot shows: a title, then each Label with its description and its text
 * input (short or paragraph, with its limits) or its string select (one choice; an empty
 * choice where it is optional), Cancel and Submit, as Discord's client lays them out. Classic
 * action rows of text inputs are drawn the same way.
 */
import { el } from './markdown.mjs';

/** The text inputs and string selects of a modal with their label and description, in order. */
function fields(modal) {
  return (modal.components ?? []).flatMap((top) => {
    if (top.type === 18 && (top.component?.type === 4 || top.component?.type === 3))
      return [{ label: top.label, description: top.description, input: top.component }];
    if (top.type === 1)
      return (top.components ?? [])
        .filter((c) => c.type === 4)
        .map((c) => ({ label: c.label, description: undefined, input: c }));
    return [];
  });
}

/** A string select as a one-choice menu; it starts empty, as in Discord (`required` is set by the caller). */
function menu(select) {
  const control = el('select', 'modal-input');
  control.append(el('option', null, ''));
  control.firstChild.value = '';
  for (const o of select.options ?? []) {
    const option = el('option', null, o.description ? `${o.label} (${o.description})` : o.label);
    option.value = o.value;
    control.append(option);
  }
  return control;
}

/**
 * Shows the form; `submit(values)` resolves to an error message or null. Resolves when the
 * form is sent or cancelled.
 */
export function openForm(root, modal, submit) {
  return new Promise((resolve) => {
    root.replaceChildren();
    root.hidden = false;
    const form = el('form', 'modal');
    form.setAttribute('role', 'dialog');
    form.setAttribute('aria-modal', 'true');
    form.setAttribute('aria-label', modal.title);
    form.append(el('h2', 'modal-title', modal.title));
    const inputs = [];
    for (const f of fields(modal)) {
      const i = f.input;
      const control = i.type === 3 ? menu(i) : el(i.style === 2 ? 'textarea' : 'input', 'modal-input');
      control.name = i.custom_id;
      control.required = i.required !== false && i.min_values !== 0;
      if (typeof i.max_length === 'number') control.maxLength = i.max_length;
      if (typeof i.min_length === 'number') control.minLength = i.min_length;
      if (i.placeholder) control.placeholder = i.placeholder;
      if (i.value) control.value = i.value;
      if (i.style === 2) control.rows = 4;
      const id = `field-${inputs.length}`;
      control.id = id;
      const label = el(
        'label',
        'modal-label',
        f.label ?? i.custom_id,
        control.required ? el('span', 'required', ' *') : null,
      );
      label.htmlFor = id;
      form.append(
        el(
          'div',
          'modal-field',
          label,
          f.description ? el('div', 'modal-description', f.description) : null,
          control,
        ),
      );
      inputs.push(control);
    }
    const error = el('div', 'modal-error');
    error.setAttribute('role', 'alert');
    const cancel = el('button', 'btn ghost', 'Cancel');
    cancel.type = 'button';
    const send = el('button', 'btn primary', 'Submit');
    send.type = 'submit';
    form.append(error, el('div', 'modal-buttons', cancel, send));
    const close = () => {
      root.hidden = true;
      root.replaceChildren();
      document.removeEventListener('keydown', onKey);
      resolve();
    };
    const onKey = (e) => {
      if (e.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    cancel.addEventListener('click', close);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      send.disabled = true;
      const problem = await submit(Object.fromEntries(inputs.map((c) => [c.name, c.value])));
      send.disabled = false;
      if (problem) error.textContent = problem;
      else close();
    });
    root.append(form);
    inputs[0]?.focus();
  });
}
