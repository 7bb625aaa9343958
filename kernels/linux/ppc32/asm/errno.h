/* The errno values checksum_32.S may return (make ab). */
#define EFAULT 14
