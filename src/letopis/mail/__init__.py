"""Letters: building a MIME message (`mime`) and handing it to an SMTP server (`smtp`).

Nothing here reads the database or decides who gets what: the service's e-mail modules
(`service.email_subscriptions`, `service.email_letters`) do, and the notification worker sends.
"""
