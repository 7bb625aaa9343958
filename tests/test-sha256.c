/* SHA-256 (harness/lib/sha256.c) against FIPS 180-4's examples: the
   empty message, one block, the 56-byte message whose padding takes a
   second block, and a million 'a's. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/sha256.h"

static void known(const char *what, const void *p, size_t n, const char *want)
{
	char hex[65];

	sha256_hex(p, n, hex);
	CHECK(strcmp(hex, want) == 0, "%s: %s, expected %s", what, hex, want);
}

int main(void)
{
	static const char two[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	char *million = malloc(1000000);

	known("\"\"", "", 0,
	      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	known("\"abc\"", "abc", 3,
	      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	known("56 bytes", two, strlen(two),
	      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	if (million) {
		memset(million, 'a', 1000000);
		known("a million 'a'", million, 1000000,
		      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	}
	free(million);
	return check_done("sha256");
}
