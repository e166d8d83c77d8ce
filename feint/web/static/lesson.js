// A teaching table's lesson: what the decision is, what each option means, what just happened. Drawn from
// the ``lesson`` the server builds for this seat (feint.engine.teaching) from its view, its legal moves and
// its own events; the game's words come with it, and this module adds only the headings below.

import { h } from "./dom.js";
import { t } from "./words.js";

/** Every sentence this panel adds to the game's own, in one place. */
export const LESSON_WORDS = {
  options: t("Your options"),
  happened: t("What just happened"),
  words: t("Words to know"),
};

/** A rule quoted from the game's rules summary. */
const quoted = (rule) => t("From the rules: “{rule}”", { rule });

/** The panel's contents for one state's lesson; its heading is the page's own (table.html). */
export function lessonPanel(lesson) {
  const { decision, options, events } = lesson;
  const terms = new Map();
  const learn = (entries) => entries.forEach((entry) => terms.set(entry.term, entry.text));
  learn(decision.terms);
  options.forEach((option) => learn(option.terms));
  return [
    h(
      "div",
      { class: "lesson-decision", "data-phase": decision.phase, "data-mine": String(decision.mine) },
      h("h3", {}, decision.title),
      h("p", { class: "lesson-text" }, decision.text),
      decision.rule ? h("blockquote", { class: "lesson-rule" }, quoted(decision.rule)) : null,
    ),
    options.length
      ? h(
          "div",
          { class: "lesson-options" },
          h("h3", {}, LESSON_WORDS.options),
          h("ul", {}, options.map(optionItem)),
        )
      : null,
    events.length
      ? h(
          "div",
          { class: "lesson-events" },
          h("h3", {}, LESSON_WORDS.happened),
          h("ul", {}, events.map(eventItem)),
        )
      : null,
    terms.size
      ? h(
          "details",
          { class: "lesson-words" },
          h("summary", {}, LESSON_WORDS.words),
          h("dl", { class: "glossary" }, [...terms].map(([term, text]) => [h("dt", {}, term), h("dd", {}, text)])),
        )
      : null,
  ];
}

function optionItem(option) {
  // The moves as the engine writes them: notation, in no language.
  const moves = option.moves.flatMap((move, index) => [index ? ", " : "", h("code", { class: "notation" }, move)]);
  return h(
    "li",
    { "data-kind": option.kind, "data-moves": option.moves.join("|"), "data-count": option.count },
    h("strong", {}, option.title),
    `${t(": ")}${option.text}`,
    option.rule ? ` ${quoted(option.rule)}` : "",
    h("span", { class: "lesson-choices" }, ` ${t("Choices")}${t(": ")}`, option.more ? `${option.more} ` : "", ...moves, "."),
  );
}

function eventItem(event) {
  return h(
    "li",
    { "data-seq": event.seq, "data-kind": event.kind },
    event.sentence,
    event.terms.map((entry) => h("span", { class: "lesson-term" }, ` ${t("{term}: {meaning}", { term: entry.term, meaning: entry.text })}`)),
  );
}
