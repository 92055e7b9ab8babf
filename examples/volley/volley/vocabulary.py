"""The volley's commands (imperative), events (past tense, facts only) and the state they fold into."""
import msgspec

from turnlog.kit import Command, Event, GameState, RetreatCommand


class OpenVolley(Command, frozen=True):
    target: str
    firers: list[str]


class RollVolley(Command, frozen=True):
    procedure: str
    value: int | None = None  # a physical die, entered; left out, the committed seed rolls it


class TakeVolleyLosses(Command, frozen=True):
    procedure: str
    units: list[str]


class RetreatVolley(RetreatCommand, frozen=True):
    """The survivors' retreats (``procedure``, ``retreats``: the kit's one retreat shape)."""


class VolleyOpened(Event, frozen=True, kw_only=True):
    procedure: str
    attacker: str
    defender: str
    target: str
    firers: list[str]
    turn: int


class VolleyRolled(Event, frozen=True, kw_only=True):
    procedure: str
    attack: int
    defence: int
    column: str
    roll: int
    cell: str
    losses: int = 0
    retreat: bool = False


class VolleyPhaseChanged(Event, frozen=True, kw_only=True):
    procedure: str
    phase: str


class Volley(msgspec.Struct, kw_only=True):
    id: str
    attacker: str
    defender: str
    target: str
    firers: list[str]
    phase: str = "roll"
    cell: str = ""
    losses: int = 0
    retreat: bool = False


class Volleys(msgspec.Struct, kw_only=True):
    procedures: dict[str, Volley] = {}
    fired: dict[str, int] = {}  # unit -> the game turn it last fired in (V.1)


def apply(state: GameState, event: Event) -> None:
    """Fold one volley event into ``state.kinds["volley"]`` (facts only: no rule is judged here)."""
    mine = state.kinds.setdefault("volley", Volleys())
    match event:
        case VolleyOpened(procedure=p, attacker=a, defender=d, target=t, firers=f, turn=n):
            mine.procedures[p] = Volley(id=p, attacker=a, defender=d, target=t, firers=list(f))
            mine.fired.update({u: n for u in f})
        case VolleyRolled(procedure=p, cell=cell, losses=n, retreat=r):
            v = mine.procedures[p]
            v.cell, v.losses, v.retreat = cell, n, r
        case VolleyPhaseChanged(procedure=p, phase=ph):
            mine.procedures[p].phase = ph
