// Seats in words and symbols, shared by every game: colour is never the only mark of a seat.

export const SEAT_SYMBOLS = ["▲", "●", "■", "◆", "★"];
export const HIDDEN = "?";

/** A seat as the viewer calls it: "you" or "seat 2". */
export function who(seat, viewer) {
  return seat === viewer ? "you" : `seat ${seat}`;
}

/** The seat with its symbol, for labels on the picture: "▲ you", "● seat 1". */
export function seatTag(seat, viewer) {
  return `${SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length]} ${who(seat, viewer)}`;
}

/** "you pass" or "seat 2 passes". */
export function verb(seat, viewer, you, it) {
  return seat === viewer ? you : it;
}

export function subject(seat, viewer, you, it) {
  return `${who(seat, viewer)} ${verb(seat, viewer, you, it)}`;
}

export function andList(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

export function seatList(seats, viewer) {
  return andList(seats.map((seat) => who(seat, viewer)));
}

export function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

export function capitalize(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A field of an event as this viewer saw it: its own private part over the public one. */
export function field(event, key) {
  for (const secret of [...(event.secrets || [])].reverse()) {
    if (key in secret) return secret[key];
  }
  return event[key];
}

/** The seat as an owner, with its symbol: "▲ your", "● seat 1's". */
export function whose(seat, viewer) {
  return `${SEAT_SYMBOLS[seat % SEAT_SYMBOLS.length]} ${seat === viewer ? "your" : `seat ${seat}'s`}`;
}

/**
 * An event in words for ``viewer``, through the game's ``describe``. What a stand-in bot did for a
 * seat (the server marks it ``stand_in``) is told as the bot's, for every game: "⚙ A bot standing in
 * for you: seat 0 kept 3", never "You kept 3".
 */
export function tell(describe, event, viewer) {
  if (!event.stand_in) return describe(event, viewer);
  const text = describe(event, null);
  return text && `⚙ A bot standing in for ${who(event.actor, viewer)}: ${text}`;
}
