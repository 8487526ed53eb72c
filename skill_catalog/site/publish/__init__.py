"""Each skill's files published: raw copies, archives, its plugin zip, what is inert.

Also which skills the discovery indexes list (and under which name).
"""
