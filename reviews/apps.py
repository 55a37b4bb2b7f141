from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    name = "reviews"

    def ready(self):
        # The hooks participants and payments own; they cannot import this app.
        from participants import risk as participant_risk
        from payments import risk as payment_risk
        from reviews.risk import assessments

        participant_risk.register_assessor(assessments.assess_signup)
        payment_risk.register_assessor(assessments.assess_payment)
