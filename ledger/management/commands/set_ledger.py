import json

from common.actors import Actor
from common.commands import JsonCommand
from ledger import keys, services


class Command(JsonCommand):
    help = (
        "Register or update a provider's ledger: the authorize, release and capture URLs and "
        "the shared A256KW key. A generated key is printed once, as a JWK; it is stored "
        "encrypted and never shown again."
    )

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, metavar="PROVIDER_ID")
        parser.add_argument("--authorize-url", required=True, metavar="URL")
        parser.add_argument("--release-url", required=True, metavar="URL")
        parser.add_argument("--capture-url", required=True, metavar="URL")
        key = parser.add_mutually_exclusive_group()
        key.add_argument(
            "--generate-key", action="store_true", help="generate a new 256-bit key and print it"
        )
        key.add_argument(
            "--key", metavar="JWK_JSON", help='the key as a JWK: {"kty": "oct", "k": "..."}'
        )

    def handle(self, *args, **options):
        with self.domain_errors():
            registered = services.register_ledger(
                provider_id=options["provider"],
                authorize_url=options["authorize_url"],
                release_url=options["release_url"],
                capture_url=options["capture_url"],
                key=options["key"],
                generate_key=options["generate_key"],
                actor=Actor.operator("manage.py set_ledger"),
            )
        registration = registered.registration
        if registered.generated_key is not None:
            jwk = keys.as_jwk(registered.generated_key)
            note = "New key (shown once; give it to the provider over a secure channel)"
        else:
            # A key given on the command line, or the one kept: identified, never echoed.
            jwk = keys.description(registration.key_id)
            note = "Key (thumbprint only)"
        data = {"providerID": registration.provider_id, "jwk": jwk}
        human = "\n".join(
            [
                f"Ledger of {registration.provider_id}",
                f"  authorize: {registration.authorize_url}",
                f"  release:   {registration.release_url}",
                f"  capture:   {registration.capture_url}",
                f"{note}: {json.dumps(jwk)}",
            ]
        )
        self.emit(options, data, human)
