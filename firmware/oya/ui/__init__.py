# The device's user interface. Its modules come and go with their flows
# (oya.heap says how and when).
