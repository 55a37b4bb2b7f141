from common.commands import JsonCommand
from common.devices import add_device_arguments, device_from_options
from participants.selectors import get_enrollment
from reviews import screening


class Command(JsonCommand):
    help = (
        "Record a participant's sign-in at a provider and assess it (a review or deny decision "
        "opens a participant review)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, help="provider ID")
        parser.add_argument("--participant", required=True, help="participantID or externalID")
        add_device_arguments(parser)

    def handle(self, *args, **options):
        with self.domain_errors():
            enrollment = get_enrollment(options["provider"], options["participant"])
            device = device_from_options(options)
            assessed = screening.assess_sign_in(enrollment, device=device)
        assessment = assessed.assessment
        data = {
            "assessmentID": assessment.pk,
            "decision": assessment.decision,
            "score": assessment.score,
        }
        if assessment.level:
            data["level"] = assessment.level
        if assessed.review_id:
            data["reviewID"] = assessed.review_id
        human = f"sign-in {assessment.pk}: {assessment.decision} (score {assessment.score:g})"
        if assessed.review_id:
            human += f", review {assessed.review_id}"
        self.emit(options, data, human)
