from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    name = "reviews"

    def ready(self):
        # Fill the hooks participants and payments own (they cannot import this app): each
        # assesses, then opens a review when the decision asks for one.
        from participants import risk as participant_risk
        from payments import risk as payment_risk
        from reviews import screening

        participant_risk.assessor.register(screening.assess_signup)
        payment_risk.assessor.register(screening.assess_payment)
