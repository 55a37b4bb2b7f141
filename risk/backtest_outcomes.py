"""What a backtest counts: every replayed assessment whose decision or level the draft changes,
by event kind (signup, sign-in, payout, request) and decision move (allow → review, …), with
the reviews the draft would open or no longer open. Arithmetic only; `risk.backtest` and
`risk.backtest_lists` feed it.

A signup or sign-in decided review or deny opens a participant review (or joins the one pending
for the enrollment); a payout or request decided review opens a payment review (a denied
payment opens none). So a move opens a review where the draft's decision opens one and the
saved decision did not, and no longer opens one in the reverse case."""

from collections import Counter
from dataclasses import dataclass, field

from risk.models import LEVEL_ORDER

SAMPLES = 10
KINDS = ("signup", "sign_in", "payout", "request")
KIND_WORDS = {
    "signup": "Signups",
    "sign_in": "Sign-ins",
    "payout": "Payouts",
    "request": "Requests",
}
# Each move of a decision, (saved, draft), with what it means for the event, said plainly.
MOVES = {
    ("allow", "review"): ("held", "would now be held for review"),
    ("allow", "deny"): ("denied", "would now be denied"),
    ("review", "deny"): ("denied-not-held", "would now be denied instead of held for review"),
    ("review", "allow"): ("no-longer-held", "would no longer be held: allowed"),
    ("deny", "review"): ("held-not-denied", "would be held for review instead of denied"),
    ("deny", "allow"): ("allowed", "would now be allowed instead of denied"),
}
OPENS_PARTICIPANT_REVIEW = {"signup": ("review", "deny"), "sign_in": ("review", "deny")}
OPENS_PAYMENT_REVIEW = {"payout": ("review",), "request": ("review",)}


@dataclass(frozen=True)
class Outcome:
    score: float
    decision: str
    level: str


@dataclass
class Change:
    assessment_id: str
    payment_id: str | None
    event: str
    before: Outcome
    after: Outcome


@dataclass
class Tally:
    count: int = 0
    samples: list[Change] = field(default_factory=list)

    def add(self, change: Change) -> None:
        self.count += 1
        if len(self.samples) < SAMPLES:
            self.samples.append(change)


@dataclass(frozen=True)
class MoveRow:
    """One (kind, move) of the report, for the page."""

    kind: str
    before: str
    after: str
    tally: Tally

    @property
    def words(self) -> str:
        return f"{KIND_WORDS[self.kind]} that {MOVES[(self.before, self.after)][1]}"

    @property
    def cell(self) -> str:
        """The id of its count on the page."""
        return f"backtest-{self.kind}-{MOVES[(self.before, self.after)][0]}"

    @property
    def anchor(self) -> str:
        # The payouts newly held keep the anchor the report has always had.
        if (self.kind, self.before, self.after) == ("payout", "allow", "review"):
            return "backtest-held-samples"
        return f"{self.cell}-samples"


@dataclass
class Report:
    days: int
    replayed: int = 0
    levels: Counter = field(default_factory=Counter)  # (before, after) → how many changed
    up: int = 0
    down: int = 0
    samples_up: list[Change] = field(default_factory=list)
    samples_down: list[Change] = field(default_factory=list)
    # (kind, saved decision, draft decision) → how many, with samples
    moves: dict[tuple[str, str, str], Tally] = field(default_factory=dict)
    # "participant_opened", "participant_no_longer", "payment_opened", "payment_no_longer" →
    # how many assessments
    reviews: Counter = field(default_factory=Counter)
    kept_as_recorded: bool = False  # the draft rule's condition was not re-evaluated
    read_current_profiles: bool = False  # a list entry's matches read from today's profiles
    precision: list = field(default_factory=list)  # risk.rule_precision.RulePrecision rows
    in_window: int | None = None  # assessments in the window, where a row bound applied
    row_limit: int | None = None  # the newest this many were replayed (None: all)

    @property
    def bounded(self) -> bool:
        return self.row_limit is not None and (self.in_window or 0) > self.row_limit

    def move(self, kind: str, before: str, after: str) -> Tally:
        return self.moves.get((kind, before, after), Tally())

    @property
    def move_rows(self) -> list[MoveRow]:
        """Every kind and move, in a fixed order, zeros included."""
        return [
            MoveRow(kind, before, after, self.move(kind, before, after))
            for before, after in MOVES
            for kind in KINDS
        ]

    @property
    def move_table(self) -> list[tuple[str, list[MoveRow]]]:
        """(move in words, its row for each kind) for the page's table."""
        rows = self.move_rows
        return [
            (MOVES[move][1], [row for row in rows if (row.before, row.after) == move])
            for move in MOVES
        ]

    @property
    def held(self) -> list[Change]:
        return self.move("payout", "allow", "review").samples

    @property
    def held_count(self) -> int:
        return self.move("payout", "allow", "review").count

    @property
    def released_count(self) -> int:
        """Payouts no longer held and allowed (a denial is never a release)."""
        return self.move("payout", "review", "allow").count

    @property
    def level_changes(self) -> list[tuple[str, str, int]]:
        order = {level: n for n, level in enumerate(LEVEL_ORDER)}
        return sorted(
            ((before, after, n) for (before, after), n in self.levels.items()),
            key=lambda row: (order.get(row[0], -1), order.get(row[1], -1)),
        )


def kind_of(row) -> str:
    """signup, sign_in, payout or request."""
    return row.payment_type if row.event == "payment" and row.payment_type else row.event


def tally(report: Report, row, before: Outcome, after: Outcome) -> None:
    """Count one replayed assessment into the report."""
    report.replayed += 1
    if before == after:
        return
    change = Change(row.pk, row.payment_id, row.event, before, after)
    if before.level != after.level:
        report.levels[(before.level, after.level)] += 1
        if LEVEL_ORDER.index(after.level) > LEVEL_ORDER.index(before.level):
            report.up += 1
            _sample(report.samples_up, change)
        else:
            report.down += 1
            _sample(report.samples_down, change)
    if before.decision != after.decision:
        kind = kind_of(row)
        report.moves.setdefault((kind, before.decision, after.decision), Tally()).add(change)
        for review, opening in (
            ("participant", OPENS_PARTICIPANT_REVIEW),
            ("payment", OPENS_PAYMENT_REVIEW),
        ):
            opened_before = before.decision in opening.get(kind, ())
            opened_after = after.decision in opening.get(kind, ())
            if opened_after != opened_before:
                report.reviews[f"{review}_{'opened' if opened_after else 'no_longer'}"] += 1


def _sample(samples: list, change: Change) -> None:
    if len(samples) < SAMPLES:
        samples.append(change)
