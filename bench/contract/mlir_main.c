/* bench/contract: tirc's sgemm 1024 against the MLIR 19 pipeline's (thread CPU
 * time, one thread); the results must be equal (integer-valued inputs). */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>
#define N 1024
void mlir_mm(float*,float*,int64_t,int64_t,int64_t,int64_t,int64_t, float*,float*,int64_t,int64_t,int64_t,int64_t,int64_t, float*,float*,int64_t,int64_t,int64_t,int64_t,int64_t);
int32_t t1024_bare(const float*, const float*, float*);
static double now(void){struct timespec t;clock_gettime(CLOCK_THREAD_CPUTIME_ID,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(void){ float *a=malloc(4*N*N),*b=malloc(4*N*N),*c=malloc(4*N*N),*d=malloc(4*N*N);
 for(long i=0;i<N*N;i++){a[i]=(i%7)-3;b[i]=(i%5)-2;}
 double t=now(); mlir_mm(a,a,0,N,N,N,1,b,b,0,N,N,N,1,c,c,0,N,N,N,1); double tm=now()-t;
 double best=1e9; for(int r=0;r<3;r++){t=now(); t1024_bare(a,b,d); t=now()-t; if(t<best)best=t;}
 for(long i=0;i<N*N;i++) if(c[i]!=d[i]){printf("mismatch %ld\n",i);return 1;}
 printf("sgemm 1024: MLIR 19 pipeline %.1f GFLOPS, tirc %.1f GFLOPS: %.0fx\n", 2.0*N*N*N/tm/1e9, 2.0*N*N*N/best/1e9, tm/best); return 0;}
