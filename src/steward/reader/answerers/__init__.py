"""The domains' answerers: money, appointments, schedule, mail, the brief (one module each)."""
