"""The effect interpreter (``interpreter``): card, skill, Jinx, Zone and
Boss effects are programs of steps run here; what a seat may play
(``plays``); steps that ask a player or move things (``steps``)."""
