"""The risk engine: rules and lists are rows analysts edit; the code reads them at each event.

- `policy`: the thresholds row and the level bands;
- `signals`: customer evidence from the risk lists;
- `conditions`: one evaluator per `RiskRule.Condition`;
- `engine`: evaluate the enabled rules for an event into a score, a decision and a snapshot;
- `assessments`: the services that record an assessment and act on its decision.
"""
