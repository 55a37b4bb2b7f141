"""How the payment lists match `q` (the rule itself: docs/decisions/payment-search-q.md).

An entry matches when q is in its lower-cased `search_text` (the memo and the names the
provider sees), when q names a participant exactly, or, for a phone fragment, when its digits
are in the addressed phone's. A participant's own list walks that participant's index and
tests each entry with one `OR` (`scoped_ways`).

The provider-wide list cannot walk one index for a text that may be anywhere: a trigram index
over the whole text had to intersect the posting lists of every trigram of a name, which
names share with millions of entries (hundreds of milliseconds at ten million payments), and
still sort every match. So there each way of matching walks its own index in page order and
stops after a page (`provider_wide_ways`, joined by common.branches):

- the memo: a trigram index over `search_memo` alone;
- a name: the parties whose names contain q are found first in `PartyName`, which grows with
  the parties, not the payments; then each such party's entries, as the entry's own party and
  as the other party (`search_text` tested again: a party may be seen under other names too),
  or, for an unbound party, the entries that recorded that name (`unbound_name`);
- a phone fragment of at least seven digits: the entries one of its seven-digit grams gives,
  looked up exactly in a GIN index of each phone's grams (a posting list as long as the
  matches, where trigrams of digits, only a thousand of them, each list a tenth of all
  phones); shorter fragments use the digits' trigram index.

When q is in more names than `MAX_NAMED_PARTIES`, its matches are common: the list walks the
provider's page index and tests `search_text`, stopping after a page of them.
"""

from django.db.models import BooleanField, F, Q, Value
from django.db.models.expressions import Expression

from common.search import SearchTerm
from payments.models import PartyName, PaymentEntry

# A local number's length: a fragment this long names few phones.
PHONE_GRAM = 7
# The SQL function behind the grams index (migration payments 0005).
DIGIT_GRAMS_FUNCTION = "payment_digit_grams"
# Beyond this many parties, a page of matches is found sooner by walking the page index.
MAX_NAMED_PARTIES = 24


class HasDigitGram(Expression):
    """The entries whose addressed phone contains these seven digits, by their IDs as an array
    the grams' GIN index gives first (PostgreSQL; the inner condition is the index's own
    expression).

    PostgreSQL cannot tell how few rows a gram matches: grams are too many and too rare for its
    statistics, so it assumes 0.5 % of the table. Written as a condition of the page's query it
    then preferred the digits' trigram index, or walking the page index until enough matched
    (every entry of the provider, for a gram that matches five). An array computed first
    leaves it one plan: look the IDs up, then order the few rows."""

    conditional = True
    output_field = BooleanField()

    def __init__(self, gram: str):
        super().__init__()
        self.column, self.gram = F("pk"), Value(gram)

    def get_source_expressions(self):
        return [self.column, self.gram]

    def set_source_expressions(self, exprs):
        self.column, self.gram = exprs

    def as_sql(self, compiler, connection):
        column, column_params = compiler.compile(self.column)
        gram, gram_params = compiler.compile(self.gram)
        table = PaymentEntry._meta.db_table
        ids = (
            f'SELECT "id" FROM "{table}" WHERE "is_primary" '
            f'AND {DIGIT_GRAMS_FUNCTION}("search_digits") @> ARRAY[{gram}]::text[]'
        )
        return f"{column} = ANY(ARRAY({ids}))", (*column_params, *gram_params)


def _participant_ways(participant_ids) -> list[Q]:
    ways = []
    for participant_id in sorted(set(participant_ids) - {"", None}):
        ways += [Q(participant_id=participant_id), Q(other_participant_id=participant_id)]
    return ways


def scoped_ways(term: SearchTerm, participant_ids) -> list[Q]:
    """Every way of matching, as conditions on any entry (one `OR` of them is the rule)."""
    text = Q(search_text__contains=term.text)
    if term.is_phone:
        text |= Q(search_digits__contains=term.phone_digits)
    return [text, *_participant_ways(participant_ids)]


def _phone_way(term: SearchTerm) -> Q:
    contains = Q(search_digits__contains=term.phone_digits)
    if len(term.phone_digits) < PHONE_GRAM:
        return contains
    return Q(HasDigitGram(term.phone_digits[:PHONE_GRAM])) & contains


def named_parties(provider_id: str, text: str, *, using: str) -> list[tuple[str, str]] | None:
    """The (participantID or "", name) pairs the provider sees whose name contains `text`;
    None when there are more than MAX_NAMED_PARTIES."""
    found = list(
        PartyName.objects.using(using)
        .filter(provider_id=provider_id, name__contains=text)
        .values_list("participant_id", "name")[: MAX_NAMED_PARTIES + 1]
    )
    return None if len(found) > MAX_NAMED_PARTIES else found


def provider_wide_ways(
    provider_id: str, term: SearchTerm, participant_ids, *, using: str
) -> list[Q]:
    """The same matches as `scoped_ways` over a provider's primary entries, as conditions that
    each walk an index in page order (common.branches runs one ordered, limited query each)."""
    parties = named_parties(provider_id, term.text, using=using)
    if parties is None:
        text = [Q(search_text__contains=term.text)]
    else:
        text = [Q(search_memo__contains=term.text)]
        for participant_id, name in sorted(parties):
            if not participant_id:
                text.append(Q(unbound_name=name))
        named = Q(search_text__contains=term.text)
        # A participant q names exactly is matched below on every entry, whatever its text.
        others = (p for p, _ in parties if p not in participant_ids)
        for way in _participant_ways(others):
            text.append(way & named)
    phone = [_phone_way(term)] if term.is_phone else []
    return [*text, *phone, *_participant_ways(participant_ids)]
