// Small helpers every page and renderer builds its DOM with: no framework, no build step.

import { t } from "./words.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("button", {class: "move", onclick}, "Look"). */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, with a <title> for readers when attrs.label is given. */
export function s(tag, attrs = {}, ...children) {
  const { label, ...rest } = attrs;
  const node = fill(document.createElementNS(SVG_NS, tag), rest, children);
  if (label) node.prepend(fill(document.createElementNS(SVG_NS, "title"), { text: label }, []));
  return node;
}

/**
 * A clickable part of the picture: focusable, and Enter or Space acts like a click. ``move`` is the
 * notation of the move the click plays, if it plays one rather than taking a step of one.
 */
export function clickable(node, label, act, move) {
  node.classList.add("target");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  if (move) node.dataset.move = move;
  node.addEventListener("click", act);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act();
    }
  });
  return node;
}

/** A move button: its text is the move's words, data-move its notation. */
export function moveButton(label, entry, play, extra = {}) {
  return h("button", { class: "move", "data-move": entry.text, onclick: () => play(entry), ...extra }, label);
}

/** Counts of each card name in a list, in first-seen order. */
export function tally(cards) {
  const counts = new Map();
  for (const card of cards) counts.set(card, (counts.get(card) || 0) + 1);
  return counts;
}

/**
 * A line of cards nobody saw in play, from a revealed view (the end screen, the replay): ``key`` names
 * the place ("hand 2", "deck"), and data-cards holds the cards' names for readers and the browser tests.
 */
export function hiddenCards(label, key, cards, show = (card) => card) {
  return h(
    "p",
    { class: "hidden-cards" },
    h("span", { class: "label" }, `${label}:`),
    h("span", { "data-hidden": key, "data-cards": cards.join(" ") }, cards.length ? cards.map(show).join(", ") : t("none")),
  );
}
