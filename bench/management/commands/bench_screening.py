"""Benchmark of customer-evidence screening against large names lists.

Loads N sanctions and PEP entries (made-up full names, bulk inserted once per database) and a
few hundred participants of one provider: a third with names on no list, a third with listed
names, a third with listed names written with a zero-width space. Then times reading each
participant's customer evidence (`risk.signals`: its profile and every list lookup), as each
assessment does, and prints p50/p95 per participant with how many were matched.
"""

import itertools
import random
import time

from django.core.management.base import CommandError
from django.db import connection, transaction

from bench.measure import BenchCommand, measure
from participants.models import Enrollment, Participant
from providers.models import Provider
from risk.models import RiskListEntry
from risk.signals import profile_of, read_signals


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


GIVEN = _words(
    "Ivan Sergei Dmitri Alexei Mikhail Nikolai Pavel Yuri Oleg Viktor Boris Andrei Anna "
    "Olga Elena Natalia Irina Svetlana Tatiana Ludmila Ahmed Mohammed Ali Hassan Omar Yusuf "
    "Karim Tariq Fatima Aisha Layla Mariam Zainab Hamid Reza Farid Chen Wei Li Ming Jun Hui "
    "Yan Kim Park Lee Jin Hyun Soo Carlos Jose Luis Miguel Juan Pedro Jorge Diego Maria "
    "Carmen Lucia Rosa Ana Isabel Pablo Raul Hugo Jean Pierre Louis Michel Claude Marie "
    "Sophie Hans Klaus Jurgen Stefan Wolfgang Heinz Petra Ingrid Giovanni Marco Luca Paolo "
    "Franco Giulia Chiara Kofi Kwame Ama Abena Chinedu Emeka Ngozi Tunde Ade Bola"
)
FAMILY = _words(
    "Petrov Ivanov Smirnov Kuznetsov Popov Sokolov Lebedev Kozlov Novikov Morozov Volkov "
    "Pavlov Semenov Golubev Vinogradov Bogdanov Vorobiev Fedorov Mikhailov Belyaev Tarasov "
    "Belov Komarov Orlov Kiselev Makarov Andreev Kovalev Ilyin Gusev Titov Kuzmin "
    "Kudryavtsev Baranov Kulikov Alekseev Stepanov Yakovlev Sorokin Sergeev Romanov "
    "Zakharov Borisov Korolev Gerasimov Ponomarev Grigoriev Lazarev Medvedev Ershov Nikitin "
    "Sobolev Ryabov Polyakov Tsvetkov Danilov Zhukov Frolov Zhuravlev Nikolaev Krylov "
    "Maximov Sidorov Osipov Belousov Fedotov Dorofeev Egorov Matveev Bobrov Dmitriev "
    "Kalinin Anisimov Petukhov Antonov Timofeev Nikiforov Veselov Filippov Markov Bolshakov "
    "Sukhanov Mironov Shiryaev Alexandrov Konovalov Shestakov Kazakov Efimov Denisov Gromov "
    "Fomin Davydov Melnikov Shcherbakov Blinov Kolesnikov Karpov Afanasiev Vlasov Maslov "
    "Isakov Tikhonov Aksenov Gavrilov Rodionov Kotov Gorbunov Kudryashov Bykov Zuev "
    "Tretyakov Savelyev"
)
# Family names of the participants on no list (none is one of FAMILY's).
UNLISTED = _words(
    "Lovelace Hopper Turing Liskov Dijkstra Knuth Hamilton Ritchie Thompson Lamport Wirth "
    "Hoare Backus Kay Engelbart Berners Cerf Kahn Torvalds Stallman"
)
BATCH = 5000
ZERO_WIDTH_SPACE = "\u200b"


def listed_names(entries: int) -> list[str]:
    """`entries` distinct made-up full names, the same ones on every run."""
    pairs = list(itertools.product(GIVEN, FAMILY))
    if entries > len(pairs):
        raise CommandError(f"At most {len(pairs)} entries: the names are made of two lists.")
    random.Random(11).shuffle(pairs)
    return [f"{given} {family}" for given, family in pairs[:entries]]


class Command(BenchCommand):
    help = "Time customer-evidence screening per participant against N list entries."

    def add_arguments(self, parser):
        parser.add_argument("--entries", type=int, default=10_000)
        parser.add_argument("--participants", type=int, default=300)
        parser.add_argument("--repeat", type=int, default=5, help="rounds over the participants")

    def handle(self, *args, **options):
        names = listed_names(options["entries"])
        started = time.perf_counter()
        self._load_lists(names)
        enrollments = self._load_participants(names, options["participants"])
        load_seconds = time.perf_counter() - started
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(f'ANALYZE "{RiskListEntry._meta.db_table}"')
        per_participant = iter(itertools.cycle(enrollments))
        timings = measure(
            lambda: read_signals(profile_of(next(per_participant))),
            repeat=options["repeat"] * len(enrollments),
        )
        matched = self._matched(enrollments)
        data = {
            "database": connection.vendor,
            "entries": options["entries"],
            "participants": len(enrollments),
            "loadSeconds": round(load_seconds, 1),
            "screeningMs": {key: round(value, 3) for key, value in timings.items()},
            "matched": matched,
        }
        self.emit(
            options,
            data,
            f"{connection.vendor}: {options['entries']} list entries, {len(enrollments)} "
            f"participants (loaded in {load_seconds:.1f} s)\n"
            f"screening per participant: p50 {timings['p50']:.3f} ms, "
            f"p95 {timings['p95']:.3f} ms, max {timings['max']:.3f} ms\n"
            f"sanctionLevel by kind of name: {matched}",
        )

    def _load_lists(self, names: list[str]) -> None:
        present = set(RiskListEntry.objects.filter(note="bench").values_list("value", flat=True))
        missing = [name for name in names if name not in present]
        levels = ("very_high", "high", "medium")
        entries = [
            RiskListEntry(
                kind="pep_name" if n % 5 == 0 else "sanctioned_name",
                value=name,
                level=levels[n % len(levels)],
                note="bench",
            )
            for n, name in enumerate(missing)
        ]
        RiskListEntry.objects.bulk_create(entries, batch_size=BATCH)

    def _load_participants(self, names: list[str], count: int) -> list[Enrollment]:
        provider_name = f"bench-screening-{len(names)}-{count}"
        provider = Provider.objects.filter(name=provider_name).first()
        if provider is not None:
            return list(Enrollment.objects.filter(provider=provider).order_by("external_id"))
        provider = Provider.objects.create(name=provider_name)
        rng = random.Random(5)
        sanctioned = [name for n, name in enumerate(names) if n % 5]
        with transaction.atomic():
            participants = Participant.objects.bulk_create(
                [Participant(status="active") for _ in range(count)]
            )
            rows = []
            for n, participant in enumerate(participants):
                kind = ("unlisted", "listed", "zero-width")[n % 3]
                if kind == "unlisted":
                    given, family = rng.choice(GIVEN), rng.choice(UNLISTED)
                else:
                    given, family = rng.choice(sanctioned).split(" ", 1)
                if kind == "zero-width":
                    given = given[:2] + ZERO_WIDTH_SPACE + given[2:]
                rows.append(
                    Enrollment(
                        provider=provider,
                        participant=participant,
                        external_id=f"{kind}-{n:05d}",
                        given_name=given,
                        family_name=family,
                        address_line1="1 Main St",
                        city="Springfield",
                        state_or_province="IL",
                        postal_code="62701",
                        country="US",
                    )
                )
            return Enrollment.objects.bulk_create(rows)

    def _matched(self, enrollments: list[Enrollment]) -> dict:
        """{kind of name: {sanctionLevel: participants}}, read once more after timing."""
        found: dict[str, dict[str, int]] = {}
        for enrollment in enrollments:
            kind = enrollment.external_id.rsplit("-", 1)[0]
            level = str(read_signals(profile_of(enrollment))["sanctionLevel"].level)
            counts = found.setdefault(kind, {})
            counts[level] = counts.get(level, 0) + 1
        return found
