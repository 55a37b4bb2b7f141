"""The risk engine: rules and lists are rows analysts edit; the code reads them at each event.

- `policy`: the thresholds row and the level bands;
- `subject`: what an assessment looks at (event, time, enrollment, payment, device);
- `signals`: customer evidence from the risk lists;
- `conditions`: one evaluator per `RiskRule.Condition`;
- `engine`: evaluate the enabled rules for an event into a score, a decision and a snapshot;
- `assessments`: the services that record an assessment and act on its decision;
- `starter`: the starter rules and list entries a new database begins with.
"""
