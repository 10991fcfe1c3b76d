// The free table's setup form (free.js): drawn from the engine's fields ("game-info" setup: a select each,
// radio buttons where a field says so; a field "below" another offers only the values under that one's),
// the reader's last choice kept for the visit.
import { el } from "../page.js";

/** A field as radio buttons: its fieldset and inputs, `chosen` (a value's JSON) checked. */
function radios(field, name, values, chosen) {
  const wrap = el("fieldset", `mesa-setup__choice ${name}`);
  wrap.append(el("legend", null, field.label));
  const inputs = field.options.map((option, i) => {
    const label = el("label", "sim-radio");
    const input = el("input");
    input.type = "radio";
    input.name = name;
    input.value = values[i];
    input.checked = values[i] === chosen;
    label.append(input, document.createTextNode(` ${option.label}`));
    wrap.append(label);
    return input;
  });
  return { wrap, inputs };
}

/** A field as a select: its label and select, `chosen` (a value's JSON) selected. */
function select(field, name, values, chosen) {
  const wrap = el("label", `mesa-setup__field ${name}`);
  wrap.append(el("span", null, field.label));
  const node = el("select");
  node.name = name;
  node.append(...field.options.map((option, i) => {
    const item = el("option", null, option.label);
    item.value = values[i];
    return item;
  }));
  node.value = chosen;
  wrap.append(node);
  return { wrap, inputs: [node] };
}

export class SetupForm {
  /**
   * @param fields the engine's setup fields; @param saved the values chosen earlier in the visit;
   * @param words {form, deal}: the form's name and its button; @param onDeal(setup) on submit.
   */
  constructor(fields, saved, words, onDeal) {
    this.form = el("form", "sim-setup mesa-setup");
    this.form.setAttribute("aria-label", words.form);
    this.form.hidden = true;
    this.fields = (fields || []).map((field) => this.field(field, saved));
    for (const entry of this.fields) this.follow(entry);
    this.dealButton = el("button", "md-button md-button--primary mesa-deal", words.deal);
    this.dealButton.type = "submit";
    this.form.append(this.dealButton);
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      onDeal(this.read());
    });
  }

  field(field, saved) {
    const values = field.options.map((option) => JSON.stringify(option.value));
    const wanted = JSON.stringify(field.key in saved ? saved[field.key] : field.default);
    const chosen = values.includes(wanted) ? wanted : JSON.stringify(field.default);
    const draw = field.kind === "radio" ? radios : select;
    const { wrap, inputs } = draw(field, `mesa-${field.key}`, values, chosen);
    this.form.append(wrap);
    return { field, inputs };
  }

  /** A field "below" another offers only the values under that one's (the reader's seat: one per player). */
  follow({ field, inputs }) {
    const over = this.fields.find((other) => other.field.key === field.below);
    if (!over || inputs[0].tagName !== "SELECT") return;
    const node = inputs[0];
    const limit = () => {
      const top = JSON.parse(this.value(over));
      for (const option of node.options) option.hidden = option.disabled = !(JSON.parse(option.value) < top);
      if (node.selectedOptions[0] && node.selectedOptions[0].disabled) node.value = node.options[0].value;
    };
    limit();
    over.inputs.forEach((input) => input.addEventListener("change", limit));
  }

  value({ inputs }) {
    const input = inputs.length === 1 ? inputs[0] : inputs.find((i) => i.checked) || inputs[0];
    return input.value;
  }

  /** The form's values ({key: value}, as the engine's options give them). */
  read() {
    return Object.fromEntries(this.fields.map((entry) => [entry.field.key, JSON.parse(this.value(entry))]));
  }
}
