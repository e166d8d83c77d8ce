"""The browser client's files, without a browser: what the server serves and what the renderers assume."""

from __future__ import annotations

import re
from importlib.resources import files

from feint.engine.registry import game_names
from feint.games.guardians.quests import QUESTS

STATIC = files("feint") / "web" / "static"


def test_every_game_has_a_renderer_and_every_page_its_modules() -> None:
    for game in game_names():
        module = (STATIC / f"{game}.js").read_text(encoding="utf-8")
        assert re.search(r"export default \{ title: .*heading, board, controls, describe", module), game
    for page, script in (("index.html", "lobby.js"), ("table.html", "app.js")):
        html = (STATIC / page).read_text(encoding="utf-8")
        assert f'src="/static/{script}"' in html
        assert 'name="viewport"' in html, f"{page} must scale to a phone"


def test_every_module_imported_is_shipped() -> None:
    for module in STATIC.iterdir():
        if module.name.endswith(".js"):
            for imported in re.findall(r'from "\./([\w.-]+)"', module.read_text(encoding="utf-8")):
                assert (STATIC / imported).is_file(), f"{module.name} imports the missing {imported}"


def test_the_guardians_quests_drawn_are_the_rules_quests() -> None:
    source = (STATIC / "guardians.js").read_text(encoding="utf-8")
    drawn = {
        int(number): (name, when, condition, int(vp))
        for number, name, when, condition, vp in re.findall(
            r'^  (\d+): \["([^"]+)", "(\w+)", "([^"]+)", (\d+)\],$', source, re.M
        )
    }
    assert drawn == {q.number: (q.name, str(q.when), q.condition, q.vp) for q in QUESTS}
