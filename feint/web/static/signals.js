// "Your turn" signals: when it becomes this seat's move, the tab's icon changes (as its title does), and
// while the tab is hidden an optional sound plays and, with the person's permission, the browser shows
// a notification naming the game and what is to decide. Permission is asked for by a button, never on
// load; the sound is off until switched on, and the choice is kept in the browser.

import { h } from "./dom.js";
import { t } from "./words.js";

const SOUND_KEY = "feint.sound";
const ICONS = { idle: "/favicon.ico", turn: "/static/favicon-turn.svg" };

function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

export class Signals {
  constructor() {
    this.mine = null;
    this.audio = null;
    this.sound = h("input", { type: "checkbox", id: "signal-sound", onchange: () => this.switchSound() });
    this.sound.checked = soundOn();
    this.ask = h("button", { type: "button", id: "signal-notify", class: "small", onclick: () => this.askPermission() }, t("Notify me when it is my move"));
    this.note = h("span", { id: "signal-note", class: "hint" });
    this.element = h(
      "section",
      { id: "signals", class: "signals", "aria-label": t("Your-turn signals") },
      h("label", {}, this.sound, ` ${t("Play a sound when it becomes my move and this tab is hidden")}`),
      h("p", {}, this.ask, " ", this.note),
    );
    this.showPermission();
  }

  /**
   * The latest state: ``mine`` whether this seat is to move, ``game`` the game's title and ``what`` the
   * decision in words. Only a change to "your move" signals, never the state a page opens on.
   */
  update(mine, game, what) {
    const became = this.mine === false && mine;
    this.mine = mine;
    const icon = document.querySelector('link[rel="icon"]');
    if (icon) icon.href = mine ? ICONS.turn : ICONS.idle;
    document.documentElement.dataset.turnIcon = mine ? "turn" : "idle";
    if (!became || document.visibilityState !== "hidden") return;
    if (this.sound.checked) this.beep();
    if (typeof Notification !== "undefined" && Notification.permission === "granted") {
      try {
        const note = new Notification(t("Your move — {game}", { game }), { body: what, tag: `feint-turn-${location.pathname}` });
        note.onclick = () => {
          window.focus();
          note.close();
        };
      } catch {
        // Some browsers make notifications only from a service worker: the title and icon still say it.
      }
    }
  }

  switchSound() {
    try {
      localStorage.setItem(SOUND_KEY, this.sound.checked ? "on" : "off");
    } catch {
      // Storage off: the choice lasts as long as the page.
    }
    // Made during the click, the audio context may play later, when the tab is hidden.
    if (this.sound.checked) this.context();
  }

  context() {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!this.audio && Audio) this.audio = new Audio();
    return this.audio;
  }

  /** Two short rising tones, made by Web Audio: no sound file. */
  beep() {
    const audio = this.context();
    if (!audio) return;
    audio.resume?.();
    const start = audio.currentTime;
    for (const [offset, pitch] of [
      [0, 660],
      [0.18, 880],
    ]) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = pitch;
      volume.gain.setValueAtTime(0.2, start + offset);
      volume.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.16);
      tone.connect(volume).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.17);
    }
  }

  async askPermission() {
    if (typeof Notification === "undefined") return;
    try {
      await Notification.requestPermission();
    } finally {
      this.showPermission();
    }
  }

  showPermission() {
    if (typeof Notification === "undefined") {
      this.ask.hidden = true;
      this.note.textContent = t("This browser cannot show notifications.");
      return;
    }
    const permission = Notification.permission;
    this.ask.hidden = permission !== "default";
    this.note.textContent =
      permission === "granted"
        ? t("Notifications on: you are told when it becomes your move while this tab is hidden.")
        : permission === "denied"
          ? t("Notifications are blocked for this site in the browser's settings.")
          : "";
  }
}
