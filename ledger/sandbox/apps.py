from django.apps import AppConfig


class SandboxLedgerConfig(AppConfig):
    """The reference provider-side ledger (demos and tests); its URLs mount only when
    SANDBOX_LEDGER_ENABLED is on."""

    name = "ledger.sandbox"
    label = "sandbox_ledger"
    verbose_name = "Sandbox ledger"
