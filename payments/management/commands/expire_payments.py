from common.commands import JsonCommand
from payments import services


class Command(JsonCommand):
    help = "Expire payouts and requests past expiresOn (the beat task runs this every minute)."

    def handle(self, *args, **options):
        with self.domain_errors():
            changed = services.expire_due_payments()
        data = {
            "count": len(changed),
            "payments": [{"paymentID": p.id, "status": p.status} for p in changed],
        }
        human = "\n".join(f"{p.id}: {p.status}" for p in changed) or "nothing to expire"
        self.emit(options, data, human)
