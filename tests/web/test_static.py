"""The browser client's files, without a browser: what the server serves and what the renderers assume."""

from __future__ import annotations

import re
from importlib.resources import files

from feint.engine.registry import declaration, declarations
from feint.engine.view import jsonable
from feint.games.guardians.quests import QUESTS

STATIC = files("feint") / "web" / "static"
RENDERER = r"export default \{ heading, board, controls\b"
"""What every renderer module exports: the generic one and each game's own, in that order."""


def modules() -> dict[str, str]:
    """Every JavaScript module the browser loads: the pages' own and each game's renderer, by its URL."""
    shipped = {
        f"/static/{module.name}": module.read_text(encoding="utf-8")
        for module in STATIC.iterdir()
        if module.name.endswith(".js")
    }
    for game in declarations():
        source = game.package_file("web")
        if source is not None:
            shipped[f"/games/{game.name}/web.js"] = source
    return shipped


def test_every_game_module_and_the_generic_one_are_renderers_and_every_page_has_its_modules() -> None:
    shipped = modules()
    assert re.search(RENDERER, shipped["/static/generic.js"])
    for game in declarations():
        if game.web is not None:
            assert re.search(RENDERER, shipped[f"/games/{game.name}/web.js"]), game.name
    for page, script in (("index.html", "lobby.js"), ("table.html", "app.js")):
        html = (STATIC / page).read_text(encoding="utf-8")
        assert f'src="/static/{script}"' in html
        assert 'name="viewport"' in html, f"{page} must scale to a phone"


def test_every_module_imported_is_shipped() -> None:
    shipped = modules()
    for url, source in shipped.items():
        for imported in re.findall(r'from "([\w./-]+)"', source):
            path = f"/static/{imported[2:]}" if imported.startswith("./") else imported
            assert path in shipped, f"{url} imports {imported}, which is not served"
        if url.startswith("/games/"):
            # Served from a game's package, a module finds the shared ones at their own address.
            assert not re.search(r'from "\./', source), url


def test_the_browser_tells_no_event_itself() -> None:
    """Every sentence about an event comes from the server (the game's phrasebook): no module
    describes an event, nor reads an event's private parts to tell it."""
    for url, source in modules().items():
        assert not re.search(r"\bdescribe\b|\bsecrets\b", source), url
    assert "event.sentence" in modules()["/static/app.js"]


def test_the_guardians_quests_come_from_the_rules_not_from_the_renderer() -> None:
    # The table of Quests is declared once, in the rules (quests.py), and reaches the page as facts.
    assert "Shield Wall" not in modules()["/games/guardians/web.js"]
    served = jsonable(declaration("guardians").facts_data())
    assert served == {"quests": {str(q.number): [q.name, str(q.when), q.condition, q.vp] for q in QUESTS}}
