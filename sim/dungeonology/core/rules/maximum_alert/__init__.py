"""The Maximum Alert advanced rule ("Maximum Alert"): see ``maximum_alert``."""
