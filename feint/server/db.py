"""The tables' storage: SQLAlchemy 2 models of an event-sourced table, and the database's set-up.

A table is stored as what made it, never as a state: its game, options,
seed, setup and seats, then its moves in the order they were applied. A
state is rebuilt by replaying them. The schema is Alembic's (see
``migrations/``): :func:`open_database` upgrades it to the newest revision
before anything reads it.

Only a hash of each token is kept (see :mod:`feint.server.tokens`).
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    create_engine,
    event,
    false,
    true,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from feint.bots.spec import MAX_SPEC

MIGRATIONS = Path(__file__).with_name("migrations")
NAME_WIDTH = 24
"""The longest display name, in characters (:data:`feint.server.names.MAX_NAME`)."""


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """A table: the game's set-up and who created it. The seed stays here until the game ends."""

    __tablename__ = "tables"
    __table_args__ = (Index("tables_waiting", "public", "over"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, object]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    setup: Mapped[dict[str, object]] = mapped_column(JSON)
    bot_stream: Mapped[int] = mapped_column(BigInteger)
    """The seed of the bots' stream (:func:`feint.engine.seeding.bot_seed`), drawn apart from ``seed``."""
    public: Mapped[bool] = mapped_column(Boolean)
    creator_hash: Mapped[str] = mapped_column(String(64))
    clock_bank: Mapped[float | None] = mapped_column(Float, nullable=True)
    clock_increment: Mapped[float | None] = mapped_column(Float, nullable=True)
    over: Mapped[bool] = mapped_column(Boolean, default=False)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The table of the rematch, once one is asked for."""
    clocks_started: Mapped[bool] = mapped_column(Boolean, server_default=true())
    """The clocks run: every person's seat has been opened once, or the creator started them."""
    created: Mapped[float] = mapped_column(Float)
    undos: Mapped[int] = mapped_column(Integer, server_default="0")
    """How many times moves were taken back (migration 0007_undo): a copy counting fewer is rebuilt."""
    undo: Mapped[str | None] = mapped_column(String(400), nullable=True)
    """The request to take moves back, open or last ended, as JSON (feint.server.undo)."""
    expired: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """Idle past the host's limit (migration 0008_days): no more moves; its replay stays open."""
    teach: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """A table that teaches its person a first game (migration 0009_teach): its messages carry lessons."""


class SeatRow(Base):
    """One seat of a table: who plays it, its token's hash, and its clock."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``human`` or ``bot``."""
    bot: Mapped[str | None] = mapped_column(String(MAX_SPEC), nullable=True)
    """The bot playing the seat, as its spec: a bot seat's, or a person's seat handed to a bot or timed out.
    Wide enough for any spec the parser accepts (migration 0002)."""
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)
    """Somebody has opened the seat with its token (a public table's lobby offers only unclaimed seats)."""
    lobby: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """The creator opened the seat to strangers: the lobby offers it until somebody takes it."""
    pending: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """A table move asked for that the rules let the seat make only later, kept until they do."""
    name: Mapped[str | None] = mapped_column(String(NAME_WIDTH), nullable=True)
    """The display name the seat's person gave, checked (migration 0004_names)."""
    stand_in: Mapped[bool] = mapped_column(Boolean, default=False)
    """A bot plays the person's seat until the person is back: the clock ran out, or the creator asked."""
    remaining: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Seconds left in the time bank when the clock last stopped."""
    running_since: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Wall time (epoch seconds) the seat's clock started running, or None when it is stopped."""


class MoveRow(Base):
    """One applied move, numbered from 0 in the order it was applied."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[str] = mapped_column(String(200))
    played: Mapped[float] = mapped_column(Float)
    stand_in: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """A bot made the move for the seat's person (its clock ran out, or the creator handed it over)."""


class ContactRow(Base):
    """How to tell a seat's person it is their move (feint.server.notify): a secret, never sent anywhere else.

    ``token`` is the seat's token, in clear, to put the seat's link in the message: the one place a
    token is stored (its person asked for it; the row goes when the game ends or the table expires).
    """

    __tablename__ = "contacts"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``email`` or ``webhook``."""
    address: Mapped[str] = mapped_column(String(500))
    token: Mapped[str] = mapped_column(String(64))
    notified: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The count of the seat's moves when it was last told it is its move; None since it last connected."""


class ChatRow(Base):
    """One line of a table's chat, or one quick reaction, numbered from 0 in the order it was said
    (see :mod:`feint.server.chat`)."""

    __tablename__ = "chat"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    channel: Mapped[str] = mapped_column(String(16))
    """``seats`` (said at a seat) or ``spectators`` (said by a spectator, read by spectators only)."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat that said it; None for a spectator."""
    kind: Mapped[str] = mapped_column(String(8))
    """``text`` or ``reaction``."""
    text: Mapped[str] = mapped_column(String(300))
    seq: Mapped[int] = mapped_column(Integer)
    """The game's seq when it was said: the replay shows it from that frame on."""
    said: Mapped[float] = mapped_column(Float)
    """Wall time (epoch seconds)."""


class OutcomeRow(Base):
    """One seat of a finished table: who sat there and how it ended (``feint report people`` reads it)."""

    __tablename__ = "outcomes"
    __table_args__ = (Index("outcomes_game", "game"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    """``person`` or ``bot``: who the seat was made for."""
    bot: Mapped[str | None] = mapped_column(String(MAX_SPEC), nullable=True)
    """A bot seat's spec (its level); None for a person's seat."""
    stand_in_moves: Mapped[int] = mapped_column(Integer)
    """The moves of a person's seat that a stand-in bot made (its clock ran out, or the creator handed it)."""
    score: Mapped[float] = mapped_column(Float)
    won: Mapped[bool] = mapped_column(Boolean)
    share: Mapped[float] = mapped_column(Float)
    """The seat's share of the win: 1 for a lone winner, 1/k for one of k tied winners, else 0."""
    finished: Mapped[float] = mapped_column(Float)
    """Wall time (epoch seconds) of the move that ended the game."""


def migrate(url: str, revision: str = "head") -> None:
    """Create or upgrade the schema at ``url`` to Alembic's newest revision (or to ``revision``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    config.attributes["configure_logger"] = False
    command.upgrade(config, revision)


def open_database(url: str) -> Engine:
    """Migrate the database at ``url`` and return an engine for it."""
    migrate(url)
    engine = create_engine(url, **_engine_options(url))
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def is_shared(engine: Engine) -> bool:
    """Whether several processes may share the database (and so must lock tables in it)."""
    return engine.dialect.name != "sqlite"


def _engine_options(url: str) -> dict[str, object]:
    # A statement that fails is logged with its error, never with its values: they hold token hashes.
    hidden = {"hide_parameters": True}
    if url.startswith("sqlite"):
        return {**hidden, "connect_args": {"check_same_thread": False, "timeout": 30}}
    # No ping at checkout (a round trip per change): the store retries a change once when its
    # first statement finds the connection dropped, and connections are renewed every half hour.
    return {**hidden, "pool_size": 10, "max_overflow": 20, "pool_recycle": 1800}


def _sqlite_pragmas(connection: object, _record: object) -> None:
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")  # in WAL mode: durable when the process is killed
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
