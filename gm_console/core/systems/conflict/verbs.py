"""Every conflict verb, in the order the reference and the docs list them."""

from __future__ import annotations

from .verbs_attacks import Attack, Counter
from .verbs_harm import Avoid, Consequence, DeclareHazard, EndConflict, Expose, Fatigue, Link, Recover, Scene, Suffer, Yield
from .verbs_moves import Sprint, Stride
from .verbs_spends import Major, Minor, SpendAct
from .verbs_synthetic import Destroy, Embody
from .verbs_tasks import FirstAid, Find, Heal, Task, Treat
from .verbs_traits import GiveTrait, RemoveTrait
from .verbs_turns import Keep, Seize, Turn

ACTIONS = (
    Turn,
    Keep,
    Seize,
    Task,
    Attack,
    Avoid,
    Suffer,
    Consequence,
    Counter,
    SpendAct,
    Minor,
    Major,
    Stride,
    Sprint,
    FirstAid,
    Treat,
    Heal,
    Find,
    Link,
    Fatigue,
    Recover,
    DeclareHazard,
    Expose,
    GiveTrait,
    RemoveTrait,
    Destroy,
    Embody,
    Yield,
    EndConflict,
    Scene,
)
