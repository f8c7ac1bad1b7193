# Board configuration for the tiengow RFID board (Raspberry Pi Pico, RP2040).
# Edit this file to match your wiring (see WIRING.md); `tiengow firmware deploy` copies it.

SPI_ID = 0
SPI_BAUD = 1_000_000  # 1 MHz: safe for 30 cm ribbon cables; the MFRC522 allows 10 MHz
SPI_SCK = 18  # GP18
SPI_MOSI = 19  # GP19
SPI_MISO = 16  # GP16
RST_PIN = 20  # GP20, shared by all readers (NRSTPD); None if the RST lines are tied high

# One chip-select (SDA/NSS) per reader, in slot order: reader i is slot i.
# Default: 4 seats x 4 slots on GP0..GP15.
CS_PINS = list(range(16))

LED_PIN = 25  # the Pico's on-board LED (use "LED" on a Pico W); None to disable

SCAN_PERIOD_MS = 0  # minimum time from one scan start to the next (0: as fast as the readers go)
HEARTBEAT_MS = 500
MAX_READ_ERRORS = 5  # consecutive unreadable polls before a slot reports "error"
ANTENNA_SWITCHING = True  # only the polled reader radiates: no cross-talk, less current
FIELD_SETTLE_MS = 3  # tags need a few ms of field before they answer
