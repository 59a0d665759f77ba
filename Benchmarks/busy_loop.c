/* A pure compute loop, no memory traffic: how much faster N copies side by side get through
 * N loops than one copy does N times is the most any program can scale on this machine
 * (Benchmarks/compare.py prints it beside yir's scaling). */
#include <stdio.h>

int main(void) {
    volatile unsigned long sum = 0;
    for (unsigned long i = 0; i < 1500000000UL; i++) sum += i * i;
    printf("%lu\n", sum);
    return 0;
}
