"""Every conflict verb, in the order the reference and the docs list them."""

from __future__ import annotations

from .attacks import Attack, Counter
from .harm import Avoid, Consequence, DeclareHazard, EndConflict, Expose, Fatigue, Link, Recover, Scene, Suffer, Yield
from .moves import Sprint, Stride
from .spends import Major, Minor, SpendAct
from .synthetic import Destroy, Embody
from .tasks import FirstAid, Find, Heal, Task, Treat
from .traits import GiveTrait, RemoveTrait
from .turns import Keep, Seize, Turn

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
