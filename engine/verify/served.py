"""The dice verify's re-execution serves a command: the rolls and draws it logged, in order.

A roll served must have the key, the dice name and the draw range the re-executed decider asks for,
and a die the command entered by hand must be the logged one (reexec.py re-executes with these).
"""
from __future__ import annotations

from turnlog.events.game import DieRolled

from .. import claims as CL
from .. import dice as D
from ..errors import RuleViolation


class LoggedDice(D.Dice):
    """Serves the rolls and draws the command logged, in order, so re-execution sees the same dice.

    A roll served must have the key, the dice name and the draw range the re-executed decider asks for.
    """

    def __init__(self, state, rolls: list[DieRolled], command=None, seed: bytes | None = None,
                 secrets: dict[str, bytes] | None = None):
        super().__init__(seed, state.die, getattr(command, "value", None), named=state.dice,
                         values=getattr(command, "values", None))
        self.rolls = list(rolls)
        # A reveal's, as engine/verify/setup.py revealed() confirms them:
        self.secrets = dict(secrets or {})
        self.revealed = CL.after_reveal(state, command) is not None  # no seeded roll after a reveal

    def roll(self, key: str, procedure: str = "", rule: str = "", *, dice: str = "", slot: str = "") -> DieRolled:
        spec = self.spec(dice, rule)
        r = self._next(key, dice, 0)
        if slot in self.values:  # a die entered by hand is the command's, never the log's alone
            _as_entered(r, self._take(key, procedure, rule, spec, slot, dice=dice))
        return r

    def draw(self, key: str, n: int, procedure: str = "", rule: str = "", *, slot: str = "") -> DieRolled:
        r = self._next(key, "", n)
        if slot in self.values:
            _as_entered(r, self._take(key, procedure, rule, D.draw_spec(n), slot, of=n))
        return r

    def _next(self, key: str, dice: str, of: int) -> DieRolled:
        what = f"draws {key} of {of}" if of else f"rolls {key}" + (f" with dice {dice!r}" if dice else "")
        if not self.rolls:
            raise RuleViolation("verify", f"re-execution {what} but the log holds no roll for it")
        r = self.rolls.pop(0)
        if self.revealed and not r.entered:
            raise RuleViolation("dice.revealed", f"{r.key} was rolled from the seed after the seed was revealed")
        if (r.key, r.dice, r.of) != (key, dice, of):
            logged = (f"drew {r.key} of {r.of}" if r.of
                      else f"rolled {r.key}" + (f" with dice {r.dice!r}" if r.dice else ""))
            raise RuleViolation("verify", f"re-execution {what} but the log {logged}")
        return r


#: The first rulings edition whose games were all created by an engine that refuses, in play, a
#: value entered for a slot no roll of the command takes (engine/dice.py ``unused``): verify refuses
#: such a logged command from there on; an older game may hold one and re-executes as played.
UNUSED_FROM = 4


def enters(command) -> bool:
    """Whether ``command`` enters dice by hand (a ``value``, or ``values`` by slot)."""
    can = _ENTERING.get(type(command))
    if can is None:  # a type's fields never change: asked once per type
        fields = getattr(type(command), "__struct_fields__", None)
        can = _ENTERING[type(command)] = fields is None or "value" in fields or "values" in fields
    return can and (getattr(command, "value", None) is not None or bool(getattr(command, "values", None)))


#: Command type -> whether it has a field to enter dice in (a type that has none enters none).
_ENTERING: dict[type, bool] = {}


def _as_entered(logged: DieRolled, entered: DieRolled) -> None:
    """Refuse a logged roll that is not the value the command entered for it."""
    if (logged.value, logged.faces, logged.entered) != (entered.value, entered.faces, entered.entered):
        raise RuleViolation("verify", f"the log's roll {logged.key} = {logged.value} is not the value the command "
                            f"entered for it ({entered.value})")
