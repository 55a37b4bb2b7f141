"""A backtest's draft and report as JSON, for the stored run (risk.models.BacktestRun):
what the form left, read back into an unsaved row; the report, read back for the page."""

import json
from collections import Counter
from dataclasses import asdict

from django.core.serializers.json import DjangoJSONEncoder

from risk.backtest_outcomes import Change, Outcome, Report, Tally
from risk.rule_precision import RulePrecision


def draft_to_json(instance) -> dict:
    values = {f.attname: f.value_from_object(instance) for f in instance._meta.concrete_fields}
    return json.loads(json.dumps(values, cls=DjangoJSONEncoder))


def draft_from_json(model, values: dict):
    """An unsaved `model` row with the stored values (never saved: a draft)."""
    fields = {f.attname: f for f in model._meta.concrete_fields}
    return model(**{name: fields[name].to_python(value) for name, value in values.items()})


def _change(data: dict) -> Change:
    return Change(
        data["assessment_id"],
        data["payment_id"],
        data["event"],
        Outcome(**data["before"]),
        Outcome(**data["after"]),
    )


def report_to_json(report: Report) -> dict:
    data = asdict(report)
    data["levels"] = [[before, after, n] for (before, after), n in report.levels.items()]
    data["moves"] = [[*key, asdict(tally)] for key, tally in report.moves.items()]
    data["reviews"] = dict(report.reviews)
    return json.loads(json.dumps(data, cls=DjangoJSONEncoder))


def report_from_json(data: dict) -> Report:
    report = Report(
        **{
            **data,
            "levels": Counter(),
            "moves": {},
            "reviews": Counter(),
            "samples_up": [_change(c) for c in data["samples_up"]],
            "samples_down": [_change(c) for c in data["samples_down"]],
            "precision": [RulePrecision(**row) for row in data["precision"]],
        }
    )
    for before, after, n in data["levels"]:
        report.levels[(before, after)] = n
    for kind, before, after, tally in data["moves"]:
        samples = [_change(c) for c in tally["samples"]]
        report.moves[(kind, before, after)] = Tally(tally["count"], samples)
    report.reviews.update(data["reviews"])
    return report
