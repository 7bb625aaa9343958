#include <linux/export.h>
