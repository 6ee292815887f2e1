"""Bills and card dues found in notification mail. Not built yet: no issue has asked for it so far.

The mail store already keeps what it will need (category, sender, subject and the masked snippet of
every statement and payment-due notice), and `mail analyze` answers "which banks emailed me" today.
"""
