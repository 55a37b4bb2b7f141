from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    name = "reviews"

    def ready(self):
        # Fill the hooks the apps below own (they cannot import this app): participants and
        # payments assess, then open a review when the decision asks for one; the risk
        # screens show the reviews linked to an assessment, and the payment page a payment's
        # reviews and assessments.
        from participants import risk as participant_risk
        from payments import case_links
        from payments import risk as payment_risk
        from reviews import screening
        from reviews.selectors import assessment_reviews, payment_links
        from reviews.selectors.rule_verdicts import resolved_review_verdicts
        from risk import links, rule_precision

        participant_risk.assessor.register(screening.assess_signup)
        payment_risk.assessor.register(screening.assess_payment)
        payment_risk.payer_assessor.register(screening.assess_payer)
        links.review_ids.register(assessment_reviews.review_ids_of_assessment)
        case_links.case_links.register(payment_links.links_of_payment)
        rule_precision.review_verdicts.register(resolved_review_verdicts)
