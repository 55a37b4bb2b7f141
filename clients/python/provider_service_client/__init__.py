
""" A client library for accessing Provider Participant, Payment, Review and Limits Service """
from .client import AuthenticatedClient, Client

__all__ = (
    "AuthenticatedClient",
    "Client",
)
