# Why Kachi-kachi refuses an action: the message a player reads. The engine
# (KachiDeal._why) answers the number of a field of WHY, with the message as
# a comment beside it; the words are here, in a module of their own, because
# the device's menus offer legal actions only: in a match this is loaded for
# a refused action (a tool's transcript, a damaged journal), not in every
# deal (as .mpy the words were ~0.7 KB of RAM through every deal).
from oya.heap import field

WHY = ("The deal is over"
      "|Not your turn"
      "|Show a card still hidden"
      "|Same as another card"
      "|Show one of your cards first"
      "|Nothing to show now"
      "|Shiroku is off"
      "|No shiroku after a draw"
      "|Shiroku needs 4-6"
      "|Inketsu-geri is off"
      "|Buta-geri is off"
      "|Not after a draw"
      "|Needs a total of 1"
      "|Needs a total of 0"
      "|Shibari: hand too weak"
      "|Set a rate or fold"
      "|Not enough chips: fold"
      "|Shibari: hand too weak, fold"
      "|Only the dealer sets rates"
      "|The rate is at least %d"
      "|The rate is at most %d"
      "|Not enough chips"
      "|Not allowed now"
      "|Draw the 4th card"
      "|Draw only on your first turn"
      "|4th card only after a 10"
      "|No more draws"
      "|Draw needs a total of 0"
      "|The stock is empty"
      "|Draw first, then show"
      "|Pick the card to show"
      "|Same as the other card")


def why_text(deal, w):
    """The message of refusal number `w` of `deal`."""
    text = field(WHY, w)
    if w == 19:                 # (the two with a number)
        return text % deal.rmin
    return text % deal.rcap if w == 20 else text
