"""The risk engine: rules and lists are rows analysts edit; the code reads them at each event.

- `models`: the thresholds row, rules, list and allowlist entries, assessments, devices;
- `policy`: the thresholds row and the level bands;
- `subject`: what an assessment looks at (event, time, enrollment, payment, device);
- `signals`: customer evidence from the risk lists;
- `conditions`: one evaluator per `RiskRule.Condition`;
- `engine`: evaluate the enabled rules for an event into a score, a decision and a snapshot;
- `assessments`: record an assessment (acting on its decision is the reviews app's);
- `selectors`, `rendering`, `api/serializers`: reads, and what a provider sees of them;
- `case_file`: an assessment as an analyst reads it; `admin`: the staff screens;
- `links`: the hook through which the screens show the reviews linked to an assessment;
- `starter`: the starter rules and list entries a new database begins with.
"""
