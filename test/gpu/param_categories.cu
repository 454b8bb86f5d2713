// Every parameter category the layout handles, in one launch.
#include "common.cuh"
enum Small : unsigned char { SmallA = 200 };
enum class Wide64 : long long { Big = 1ll << 40 };
struct Padded { char c; int i; char d; };
struct Nested { char c; struct { float f; double d; } inner; short s; };
struct WithArray { char c[5]; short s[3]; };
union IntOrFloat { int i; float f; };
struct Empty {};
struct __align__(8) A8 { char c; };
struct __align__(16) A16 { int x; };
__global__ void child(bool b, char c, short s, long long ll, float f, double d,
                      Small e, Wide64 w, int *p, Padded pad, Nested n,
                      WithArray a, IntOrFloat u, Empty empty, char3 c3,
                      short2 s2, float4 f4, double2 d2, A8 a8, A16 a16, char last) {
  logValue(b); logValue(c); logValue(s); logValue((int)(ll >> 32)); logValue((int)(f * 4));
  logValue((int)(d * 8)); logValue(e); logValue((int)((long long)w >> 32)); logValue(*p);
  logValue(pad.c + pad.i + pad.d); logValue(n.c + (int)n.inner.f + (int)n.inner.d + n.s);
  logValue(a.c[0] + a.c[4] + a.s[0] + a.s[2]); logValue(u.i);
  logValue(c3.x + c3.y + c3.z); logValue(s2.x * s2.y); logValue((int)(f4.x + f4.y + f4.z + f4.w));
  logValue((int)(d2.x * d2.y)); logValue(a8.c); logValue(a16.x); logValue(last);
}
__device__ int g_target = 1234;
__global__ void parent() {
  Nested n{1, {2.5f, 3.5}, 4};
  child<<<1, 1>>>(true, 'A', -300, 5ll << 32, 1.25f, 2.125, SmallA, Wide64::Big,
                  &g_target, Padded{1, 2, 3}, n, WithArray{{1, 0, 0, 0, 9}, {10, 0, 30}},
                  IntOrFloat{77}, Empty{}, make_char3(1, 2, 3), make_short2(6, 7),
                  make_float4(1, 2, 3, 4), make_double2(1.5, 4), A8{8}, A16{16}, 'Z');
}
int main() { parent<<<1, 1>>>(); printLog("param_categories"); }
