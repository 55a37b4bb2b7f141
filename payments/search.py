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

A q with no trigram (`zq`, `!!`: `common.search.has_trigram`) would make a trigram index read
every entry. Its names and memos are looked up instead in GIN indexes of each text's one- and
two-character grams (`payment_short_grams`), by q's own grams, then tested whole. For the memo,
the provider's newest `DENSITY_SAMPLE` entries are tested first: when enough of them match, the
matches are common and walking the page index finds a page soon. Otherwise they are gathered
by the grams index: at most `RARE_SHORT_MATCHES` of them are the memo's way (their IDs); more,
and the walk it is again. (A common gram's posting list is long: gathering it costs tens of
milliseconds that the walk does not need.)
"""

from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.fields.array import ArrayContains
from django.db.models import BooleanField, F, Func, Q, TextField, Value
from django.db.models.expressions import Expression
from django.db.models.functions import StrIndex
from django.db.models.lookups import GreaterThan

from common.search import SearchTerm, has_trigram
from payments.models import PartyName, PaymentEntry

# A local number's length: a fragment this long names few phones.
PHONE_GRAM = 7
# The SQL function behind the grams index (migration payments 0005).
DIGIT_GRAMS_FUNCTION = "payment_digit_grams"
# Beyond this many parties, a page of matches is found sooner by walking the page index.
MAX_NAMED_PARTIES = 24
# The SQL function behind the short grams indexes (migration payments 0007).
SHORT_GRAMS_FUNCTION = "payment_short_grams"
# A q with no trigram matching at least DENSE_MATCHES of the provider's newest DENSITY_SAMPLE
# memos (1 %) walks the page index; otherwise, matching at most RARE_SHORT_MATCHES memos, it is
# looked up by its grams.
DENSITY_SAMPLE = 500
DENSE_MATCHES = 5
RARE_SHORT_MATCHES = 2000


class ShortGrams(Func):
    """The distinct one- and two-character grams of a text column (PostgreSQL)."""

    function = SHORT_GRAMS_FUNCTION
    output_field = ArrayField(TextField())


class IdIn(Expression):
    """The entries with these IDs (an empty list matches none, as SQL, not as an error)."""

    conditional = True
    output_field = BooleanField()

    def __init__(self, ids: list):
        super().__init__()
        self.column, self.ids = F("pk"), list(ids)

    def get_source_expressions(self):
        return [self.column]

    def set_source_expressions(self, exprs):
        (self.column,) = exprs

    def as_sql(self, compiler, connection):
        column, params = compiler.compile(self.column)
        return f"{column} = ANY(%s)", (*params, self.ids)


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


def _query_grams(text: str) -> list[str]:
    """The grams every text containing `text` has: itself when one character, else its
    two-character grams."""
    if len(text) < 2:
        return [text]
    return sorted({text[i : i + 2] for i in range(len(text) - 1)})


def _contains(column: str, text: str) -> Q:
    """`text` in the column: by `LIKE`, or without a trigram by the grams index, then by
    position (a `LIKE` a trigram index could serve would read that whole index)."""
    if has_trigram(text):
        return Q(**{f"{column}__contains": text})
    grams = Q(ArrayContains(ShortGrams(column), _query_grams(text)))
    return grams & Q(GreaterThan(StrIndex(column, Value(text)), 0))


def _memo_way(provider_id: str, text: str, *, using: str) -> Q:
    if has_trigram(text):
        return Q(search_memo__contains=text)
    walk = Q(GreaterThan(StrIndex("search_memo", Value(text)), 0))
    entries = PaymentEntry.objects.using(using).filter(provider_id=provider_id, is_primary=True)
    newest = entries.order_by("-created_on", "-payment_id").values_list("search_memo", flat=True)
    if sum(text in memo for memo in newest[:DENSITY_SAMPLE]) >= DENSE_MATCHES:
        return walk
    found = list(
        entries.filter(_contains("search_memo", text)).values_list("pk", flat=True)[
            : RARE_SHORT_MATCHES + 1
        ]
    )
    return Q(IdIn(found)) if len(found) <= RARE_SHORT_MATCHES else walk


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
        .filter(_contains("name", text), provider_id=provider_id)
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
        text = [_memo_way(provider_id, term.text, using=using)]
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
