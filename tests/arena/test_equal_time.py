"""Equal time: ``feint arena --ms N`` holds every search bot at N milliseconds a decision, and the report
gives each bot's time a move (median and 90th percentile of its decisions) beside its share."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from feint.arena.plan import at_equal_time
from feint.arena.records import TIMES_FILE, read_games
from feint.arena.report import BOT_HEADERS
from feint.bots.registry import at_time
from feint.cli.main import main
from feint.engine.errors import SetupError


@pytest.mark.parametrize(
    ("spec", "timed"),
    [
        ("ismcts", "ismcts:ms=200"),
        ("ismcts:hard", "ismcts:ms=200"),
        ("ismcts:iters=40", "ismcts:ms=200"),
        ("ismcts:ms=50", "ismcts:ms=200"),
        ("ismcts:iters=10,guide=40,trees=1", "ismcts:ms=200,guide=40,trees=1"),
        ("montecarlo", "montecarlo:ms=200"),
        ("montecarlo:heuristic,playouts=300", "montecarlo:heuristic,ms=200"),
        ("montecarlo:horizon=1", "montecarlo:ms=200,horizon=1"),
        ("omniscient:hard", "omniscient:ms=200"),
        ("heuristic", "heuristic"),
        ("fixed:truthful", "fixed:truthful"),
        ("random", "random"),
    ],
)
def test_a_search_bots_budget_becomes_the_time_and_every_other_bot_stays(spec: str, timed: str) -> None:
    assert at_time(spec, 200) == timed


def test_a_field_at_equal_time_keeps_its_repeats_and_refuses_two_bots_made_one() -> None:
    assert at_equal_time(("ismcts", "heuristic", "heuristic"), 5) == ("ismcts:ms=5", "heuristic", "heuristic")
    with pytest.raises(
        SetupError, match="--ms 5 makes ismcts:easy and ismcts:hard the same bot, ismcts:ms=5"
    ):
        at_equal_time(("ismcts:easy", "ismcts:hard"), 5)


@pytest.fixture(scope="module")
def timed_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Six Guile games between ISMCTS, montecarlo and the omniscient instrument, each held at 1 ms a
    decision (a search runs at least one step, so it takes longer): the directory and the printed report."""
    out = tmp_path_factory.mktemp("equal-time")
    bots = "ismcts:hard,montecarlo:playouts=500,omniscient"
    args = ["arena", "guile", "--bots", bots, "--ms", "1", "--games", "6", "--seed", "3", "--out", str(out)]
    assert main(args) == 0
    return out, (out / "report.html").read_text()


def test_every_search_bot_plays_at_the_time_given(timed_run: tuple[Path, str]) -> None:
    out, _ = timed_run
    records = read_games(out / "games.jsonl")
    assert len(records) == 6
    assert {bot for r in records for bot in r.bots} == {"ismcts:ms=1", "montecarlo:ms=1", "omniscient:ms=1"}
    assert all(r.winners for r in records)


def test_every_decision_is_timed_beside_its_game(timed_run: tuple[Path, str]) -> None:
    out, _ = timed_run
    records = read_games(out / "games.jsonl")
    lines = [json.loads(line) for line in (out / TIMES_FILE).read_text().splitlines()]
    assert [line["index"] for line in lines] == [r.index for r in records]
    for line, record in zip(lines, records, strict=True):
        assert tuple(line["bots"]) == record.bots
        # One time per move played, each seat's by that seat, every one positive.
        assert sum(len(seat) for seat in line["ms"]) == record.length
        assert all(ms > 0 for seat in line["ms"] for ms in seat)
    assert "ms" not in json.loads((out / "games.jsonl").read_text().splitlines()[0])


def test_the_report_gives_each_bots_time_a_move_beside_its_share(timed_run: tuple[Path, str]) -> None:
    _, page = timed_run
    _, _, rest = page.partition("<h2>Bots</h2>")
    assert rest, "the Bots table"
    table = rest.split("</table>")[0]
    headers = [cell.split("</th>")[0] for cell in table.split("<th>")[1:]]
    assert headers == list(BOT_HEADERS)
    assert headers[2] == "win share [95%]" and headers[-1] == "ms a move: median, p90"
    rows = table.split("<tr>")[2:]
    assert len(rows) == 3
    for row in rows:
        cells = [cell.split("</td>")[0] for cell in row.split("<td>")[1:]]
        median, p90 = (float(ms) for ms in cells[-1].split(", "))
        assert 0 < median <= p90
