"""The tables a worker serves: its cache, the per-table locks, bots, clocks and fan-out.

:meth:`Tables.change` is the one way a table changes: under the table's
asyncio lock it runs the store's transaction in a thread (the move is
committed there), then tells every client, the other workers, the bots and
the clocks. Bots and clock timers are driven by the worker that made the
change, and by every worker for the unfinished tables when it starts; a
decision made twice is refused the second time as stale, so that is safe.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from feint.bots.registry import check_bot
from feint.engine.info import InfoState
from feint.engine.rng import Rng
from feint.engine.seeding import fresh_seed, table_seeds
from feint.engine.state import Seat
from feint.engine.words import Phrase
from feint.server import undo
from feint.server.bots import BotFailed, BotPool, BotTimeout, decision_seed
from feint.server.hub import Connection, Hub
from feint.server.notify import Notices
from feint.server.store import Store
from feint.server.tables import Clock, SeatState, Table, TableError
from feint.server.tokens import new_table_id, new_token, token_hash

T = TypeVar("T")
FALLBACK_BOT = "heuristic"
"""The bot that makes a decision another bot took too long over (``random`` if that was this one)."""
log = logging.getLogger("feint.server")


class Tables:
    def __init__(
        self,
        store: Store,
        hub: Hub,
        bots: BotPool,
        bot_pause: float,
        table_seed: int | None = None,
        clock: Callable[[], float] = time.time,
        notices: Notices | None = None,
    ) -> None:
        self.store = store
        self.notices = notices if notices is not None else Notices(store, {}, "")
        """Who is told it is their move while away (none unless the host gave a channel)."""
        self.clock = clock
        """The wall time the table clocks are read against (a test's own, to move time by hand)."""
        self.hub = hub
        self.bots = bots
        self.bot_pause = bot_pause
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        """How a bot's pause is waited (a test records it)."""
        self.table_seed = table_seed
        """Deal every table from this seed, in the order this worker makes them (tests); None: fresh seeds."""
        self._made = 0
        self._cache: dict[str, Table] = {}
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        """A table's lock lives while somebody holds it or waits for it, then goes: asking for
        tables that do not exist leaves nothing behind."""
        self._thinking: set[tuple[str, Seat, int, int]] = set()
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    # --- reading ----------------------------------------------------------------

    def _lock(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def loaded(self, table_id: str) -> Table | None:
        """The table as this worker holds it in memory now, if it does."""
        return self._cache.get(table_id)

    async def get(self, table_id: str, fresh: bool = True) -> Table:
        """The table, loaded and rebuilt from its moves if this worker has not got it.

        With a shared database, ``fresh`` catches it up with other workers' changes first.
        """
        table = self._cache.get(table_id)
        if table is not None and not table.broken and not (fresh and self.store.shared):
            return table
        async with self._lock(table_id):
            return await self._current(table_id, fresh)

    async def _current(self, table_id: str, fresh: bool) -> Table:
        table = self._cache.get(table_id)
        if table is None or table.broken:
            table = await self.store.run(self.store.load, table_id)
            if table is None:
                raise TableError("not_found", "there is no table {table_id!r}", table_id=table_id)
            self._cache[table_id] = table
        elif fresh and self.store.shared:
            await self.store.run(self.store.refresh, table)
        return table

    async def waiting(self) -> list[str]:
        """The public tables waiting for players."""
        return await self.store.run(self.store.lobby)

    # --- changing ---------------------------------------------------------------

    async def change(self, table_id: str, make: Callable[[Table], T], create: Table | None = None) -> T:
        """Make a change under the table's lock, commit it, then tell everybody.

        An expired table takes no change (the check runs once the store caught the table up).
        """

        def unless_expired(t: Table) -> T:
            if t.expired:
                raise TableError(
                    "expired", "this table expired: nobody moved for too long; its replay is open"
                )
            return make(t)

        async with self._lock(table_id):
            table = await self._current(table_id, fresh=False)  # the store's change catches it up
            try:
                result: T = await self.store.run(
                    self.store.change, table, unless_expired, create, self.clock()
                )
            finally:
                if table.broken:
                    del self._cache[table_id]
            self._changed(table)
        if create is not None and table.rematch == create.id:
            self._cache.setdefault(create.id, create)
            self._drive(create)
        return result

    def _changed(self, table: Table) -> None:
        self.hub.broadcast(table)
        if self.hub.fanout is not None:
            self.hub.fanout.changed(table.id)
        self._drive(table)
        if self.notices.enabled:
            self.notices.changed(table, self.hub.connected(table.id))

    def _drive(self, table: Table) -> None:
        """Start the bots to move and the clock timer of ``table``."""
        self._schedule_bots(table)
        self._schedule_clock(table)

    async def remote_change(self, table_id: str) -> None:
        """Another worker changed the table: catch up and tell this worker's clients."""
        if table_id in self._cache and self.hub.has_room(table_id):
            async with self._lock(table_id):
                table = await self._current(table_id, fresh=True)
                self.hub.broadcast(table)

    def presence_changed(self, table_id: str, tell_here: bool = True) -> None:
        """Somebody came or went here: tell this worker's clients (unless told already) and the others."""
        if tell_here:
            self.remote_presence(table_id)
        if self.hub.fanout is not None:
            self.hub.fanout.presence(table_id)

    def remote_presence(self, table_id: str) -> None:
        """Somebody came or went on another worker: tell this worker's clients, and nobody else."""
        if table_id in self._cache and self.hub.has_room(table_id):
            self._spawn(self._tell_presence(table_id))

    async def tell(self, conn: Connection) -> None:
        """Send one newcomer the table (under its lock, so never a seq a change has not committed)."""
        async with self._lock(conn.table_id):
            table = self._cache.get(conn.table_id)
            if table is not None:
                conn.send_state(table, self.hub.connected(conn.table_id))

    async def _tell_presence(self, table_id: str) -> None:
        # A change under way may have moved the cached table on before its commit: wait for it.
        async with self._lock(table_id):
            table = self._cache.get(table_id)
            if table is not None:
                self.hub.broadcast(table)

    async def create(self, spec: TableSpec) -> tuple[Table, str, dict[Seat, str]]:
        """A new table: returns it, the creator's token and each person's seat token."""
        creator = new_token()
        # A seat open to the lobby gets its token when somebody takes it: no link can lose it.
        tokens = {
            seat: new_token()
            for seat, kind in enumerate(spec.kinds)
            if kind is None and seat not in spec.lobby
        }
        seats = [
            SeatState(
                seat,
                "human" if bot is None else "bot",
                bot,
                _hash_of(tokens.get(seat)),
                lobby=seat in spec.lobby,
            )
            for seat, bot in enumerate(spec.kinds)
        ]
        table = _new_table(spec, seats, token_hash(creator), self._seeds(), self.clock())
        await self.store.run(self.store.create, table, self.clock())
        self._cache[table.id] = table
        self._drive(table)
        return table, creator, tokens

    def _seeds(self) -> tuple[int, int]:
        """The game seed and bot stream of the next table this worker makes."""
        if self.table_seed is None:
            return fresh_seed(), fresh_seed()
        self._made += 1
        return table_seeds(self.table_seed, self._made)

    async def rematch(self, table_id: str) -> str:
        """The rematch of a finished table: the same seats, tokens and clock, a new seed."""
        table = await self.get(table_id)
        spec = TableSpec(
            table.game, table.players, table.options, table.public, table.clock, (), teach=table.teach
        )
        seats = [
            SeatState(s.seat, s.kind, s.bot, s.token_hash, s.claimed, s.stand_in, lobby=s.lobby, name=s.name)
            for s in table.seats
        ]
        fresh = _new_table(spec, seats, table.creator_hash, self._seeds(), self.clock())

        def ask(t: Table) -> str:
            if not t.over:
                raise TableError("forbidden", "a rematch can be asked for once the game is over")
            if t.rematch is None:
                t.rematch = fresh.id
            return t.rematch

        return await self.change(table_id, ask, create=fresh)

    # --- bots -------------------------------------------------------------------

    def _schedule_bots(self, table: Table) -> None:
        if table.over or table.expired or undo.asking(table):  # a request to take moves back holds the bots
            return
        for seat in table.state.to_move():
            entry = table.seats[seat]
            key = (table.id, seat, table.seq, table.undos)
            if entry.bot_plays and entry.bot is not None and key not in self._thinking:
                self._thinking.add(key)
                self._spawn(self._bot_turn(key, entry.bot))

    async def _bot_turn(self, key: tuple[str, Seat, int, int], bot: str) -> None:
        """Have the bot of a seat move, at ``bot_pause`` seconds or when it has chosen, the later.

        The pause runs while the bot thinks, whatever the number of its legal
        moves, so how soon a bot moves tells nobody whether it had a choice
        (or, while it thinks for less than the pause, how long it thought).
        A decision is for the seq and the count of take-backs it was asked at
        (after moves are taken back the same seq may come again, another
        position), and waits while a request to take moves back is open.
        """
        table_id, seat, seq, undos = key
        pause = asyncio.ensure_future(self.sleep(self.bot_pause))
        try:
            table = self._cache.get(table_id)
            if table is None or table.seq != seq or table.undos != undos:
                return
            info = InfoState.of(table.state, seat)
            seed = decision_seed(table.bot_stream, seat, seq)
            legal = table.state.legal_moves(seat)
            try:
                index = await self.bots.choose(table.game, bot, seed, info, legal)
            except (BotTimeout, BotFailed) as err:
                fallback = FALLBACK_BOT if bot != FALLBACK_BOT else "random"
                log.warning(
                    "the %s bot at seat %s of table %s: %s; %s moves", bot, seat, table_id, err, fallback
                )
                try:
                    index = await self.bots.choose(table.game, fallback, seed, info, legal)
                except (BotTimeout, BotFailed) as again:
                    # The table must never wait on a bot that cannot answer: a legal move drawn
                    # from the decision's seed: it reads nothing the seat may not know.
                    log.warning(
                        "the %s bot at seat %s of table %s: %s; a drawn move", fallback, seat, table_id, again
                    )
                    index = Rng(seed).choice(legal).index
            await pause

            def play(t: Table) -> None:
                if not t.seats[seat].bot_plays:
                    raise TableError("forbidden", "the person is back")
                if t.undos != undos or undo.asking(t):
                    raise TableError("stale", "moves were taken back, or may be")
                t.play(seat, {"index": index}, seq, self.clock())

            await self.change(table_id, play)
        except TableError:
            pass  # the table moved on (a person, another worker); its change scheduled what follows
        except Exception:
            log.exception("the bot at seat %s of table %s failed", seat, table_id)
        finally:
            pause.cancel()
            self._thinking.discard(key)

    # --- clocks -----------------------------------------------------------------

    def _schedule_clock(self, table: Table) -> None:
        old = self._timers.pop(table.id, None)
        if old is not None:
            old.cancel()
        deadline = table.next_deadline()
        if deadline is None:
            return
        delay = max(deadline - self.clock(), 0.0)
        loop = asyncio.get_running_loop()
        table_id = table.id
        self._timers[table_id] = loop.call_later(delay, lambda: self._spawn(self._time_out(table_id)))

    async def _time_out(self, table_id: str) -> None:
        with contextlib.suppress(TableError):
            await self.change(table_id, lambda t: t.time_out(self.clock()))

    # --- idle tables ------------------------------------------------------------

    async def expire_idle(self, limit: float) -> list[str]:
        """Expire the unfinished tables with no move for more than ``limit`` seconds; their ids.

        Every worker may sweep: a table expired already refuses the second expiry, unchanged.
        """
        now = self.clock()
        expired = []
        for table_id in await self.store.run(self.store.idle, now - limit):
            with contextlib.suppress(TableError):
                await self.change(table_id, lambda t: t.expire(now))
                expired.append(table_id)
        return expired

    # --- start and stop ---------------------------------------------------------

    async def resume(self) -> None:
        """Start the bots and clocks of every unfinished table (after a restart).

        A clock that was running goes on from now: the time the server was down is not charged.
        """
        for table_id in await self.store.run(self.store.unfinished):
            table = await self.get(table_id)
            if table.next_deadline() is None:
                self._drive(table)
            else:
                await self.change(table_id, lambda t: t.resume_clocks(self.clock()))

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.notices.close()


@dataclass(frozen=True)
class TableSpec:
    """A table asked for: the game, its seats (None for a person, else the bot's name), options, clock.

    ``lobby`` holds the person's seats the creator opened to strangers in the lobby.
    """

    game: str
    players: int
    options: Mapping[str, Any]
    public: bool
    clock: Clock | None
    kinds: tuple[str | None, ...]
    lobby: frozenset[Seat] = frozenset()
    creator_seat: Seat | None = None
    """The seat the creator plays (never open to the lobby), or None if the creator only watches."""
    teach: bool = False
    """A teaching table: its person is taught the game at each decision (``Table.teach``)."""

    def __post_init__(self) -> None:
        for seat, bot in enumerate(self.kinds):
            if bot is not None:
                check_bot(bot, self.game, Phrase("seat {seat}: ", seat=seat))


def _new_table(
    spec: TableSpec, seats: list[SeatState], creator_hash: str, seeds: tuple[int, int], now: float
) -> Table:
    if spec.clock is not None:
        for seat in seats:
            seat.remaining = spec.clock.bank
    table = Table.new(
        id=new_table_id(),
        game=spec.game,
        players=spec.players,
        options=spec.options,
        seed=seeds[0],
        setup={},
        bot_stream=seeds[1],
        public=spec.public,
        creator_hash=creator_hash,
        clock=spec.clock,
        seats=seats,
        teach=spec.teach,
        # The clocks wait for every person's seat to be opened (a rematch's seats have been).
        clocks_started=False,
    )
    table.start_when_everybody_is_here(now)
    return table


def _hash_of(token: str | None) -> str | None:
    return None if token is None else token_hash(token)
