import type { z } from 'zod';
import type {
  AdjustStockBodySchema,
  ApiError,
  AuthResponseSchema,
  CreateItemBodySchema,
  CreateProductBodySchema,
  CreateStoreBodySchema,
  FileSavedSchema,
  HealthResponseSchema,
  ImportBatchBodySchema,
  ImportBatchResultSchema,
  ItemSchema,
  ItemWindowSchema,
  LoggedUserSchema,
  LoginBodySchema,
  ProductCategoriesSchema,
  ProductSchema,
  ProductSuggestionSchema,
  ProductWindowSchema,
  ProfileUpdateBodySchema,
  RandomBarcodeResponseSchema,
  ResendConfirmationBodySchema,
  ResetPasswordBodySchema,
  SessionCheckResponseSchema,
  SignUpBodySchema,
  SignUpResponseSchema,
  StockMovementWindowSchema,
  UpdateItemBodySchema,
  UpdatePasswordBodySchema,
  UpdateProductBodySchema,
  UpdateStoreBodySchema,
  VerifyCodeBodySchema,
  VerifyCodeResponseSchema,
  VirtualStoreSchema,
} from '@shopdesk/shared';
import type { ApiResponse, TestApp } from './harness.ts';

type In<S extends z.ZodType> = z.input<S>;
type Out<S extends z.ZodType> = z.output<S>;
interface Route<Body, Response> {
  body: Body;
  response: Response;
}
type NoBody = undefined;
type Empty = undefined;

/**
 * Every API route with the body it takes and the answer it gives, typed from the shared schemas
 * (the same ones the routes validate with). Keys are `METHOD path`, paths as in OpenAPI.
 */
export interface ApiRoutes {
  'GET /api/public/ping': Route<NoBody, unknown>;
  'GET /api/public/health': Route<NoBody, Out<typeof HealthResponseSchema>>;
  'POST /api/auth/signUp': Route<In<typeof SignUpBodySchema>, Out<typeof SignUpResponseSchema>>;
  'GET /api/auth/confirm/{token}': Route<NoBody, Out<typeof AuthResponseSchema>>;
  'POST /api/auth/confirm/resend': Route<In<typeof ResendConfirmationBodySchema>, Empty>;
  'POST /api/auth/login': Route<In<typeof LoginBodySchema>, Out<typeof AuthResponseSchema>>;
  'POST /api/auth/forgot-password/verify': Route<In<typeof VerifyCodeBodySchema>, Out<typeof VerifyCodeResponseSchema>>;
  'POST /api/auth/forgot-password/reset': Route<In<typeof ResetPasswordBodySchema>, Empty>;
  'POST /api/auth/forgot-password/{email}': Route<NoBody, Empty>;
  'GET /api/secure/login/check': Route<NoBody, Out<typeof SessionCheckResponseSchema>>;
  'POST /api/secure/logout': Route<NoBody, Empty>;
  'GET /api/secure/profile': Route<NoBody, Out<typeof LoggedUserSchema>>;
  'PUT /api/secure/profile': Route<In<typeof ProfileUpdateBodySchema>, Out<typeof LoggedUserSchema>>;
  'PUT /api/secure/profile/update-default-store/{newDefaultStoreId}': Route<NoBody, Out<typeof LoggedUserSchema>>;
  'PUT /api/secure/profile/update-password': Route<In<typeof UpdatePasswordBodySchema>, Empty>;
  'GET /api/secure/virtual-store': Route<NoBody, Out<typeof VirtualStoreSchema>[]>;
  'POST /api/secure/virtual-store': Route<In<typeof CreateStoreBodySchema>, Out<typeof VirtualStoreSchema>>;
  'GET /api/secure/virtual-store/current': Route<NoBody, Out<typeof VirtualStoreSchema>>;
  'PUT /api/secure/virtual-store/{urlName}': Route<In<typeof UpdateStoreBodySchema>, Out<typeof VirtualStoreSchema>>;
  'POST /api/secure/product': Route<In<typeof CreateProductBodySchema>, Out<typeof ProductSchema>>;
  'GET /api/secure/product': Route<NoBody, Out<typeof ProductWindowSchema>>;
  'GET /api/secure/product/search/window/{page}/{size}': Route<NoBody, Out<typeof ProductWindowSchema>>;
  'GET /api/secure/product/random-barcode': Route<NoBody, Out<typeof RandomBarcodeResponseSchema>>;
  'GET /api/secure/product/categories': Route<NoBody, Out<typeof ProductCategoriesSchema>>;
  'GET /api/secure/product/export.csv': Route<NoBody, unknown>;
  'POST /api/secure/product/import': Route<In<typeof ImportBatchBodySchema>, Out<typeof ImportBatchResultSchema>>;
  'GET /api/secure/product/code/{code}': Route<NoBody, Out<typeof ProductSchema>>;
  'PUT /api/secure/product/code/{code}': Route<In<typeof UpdateProductBodySchema>, Out<typeof ProductSchema>>;
  'DELETE /api/secure/product/code/{code}': Route<NoBody, Empty>;
  'GET /api/secure/product/code/{code}/jn': Route<NoBody, Out<typeof ProductSuggestionSchema>>;
  'POST /api/secure/product/code/{code}/adjust': Route<In<typeof AdjustStockBodySchema>, Out<typeof ProductSchema>>;
  'GET /api/secure/product/code/{code}/movements': Route<NoBody, Out<typeof StockMovementWindowSchema>>;
  'GET /api/secure/product/code/{code}/movements/window/{page}/{size}': Route<
    NoBody,
    Out<typeof StockMovementWindowSchema>
  >;
  'POST /api/secure/item': Route<In<typeof CreateItemBodySchema>, Out<typeof ItemSchema>>;
  'GET /api/secure/item/search/window/{page}/{size}': Route<NoBody, Out<typeof ItemWindowSchema>>;
  'GET /api/secure/item/{id}': Route<NoBody, Out<typeof ItemSchema>>;
  'PUT /api/secure/item/{id}': Route<In<typeof UpdateItemBodySchema>, Out<typeof ItemSchema>>;
  'DELETE /api/secure/item/{id}': Route<NoBody, Empty>;
  'PUT /api/secure/file/data/{storeUrl}/{uuid}': Route<NoBody, Out<typeof FileSavedSchema>>;
  'GET /api/secure/file/data/{storeUrl}/{uuid}': Route<NoBody, unknown>;
}

export type RouteKey = keyof ApiRoutes;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type PathOf<M extends Method> = {
  [K in RouteKey]: K extends `${M} ${infer P}` ? P : never;
}[RouteKey];
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

type CallOptions<K extends RouteKey, P extends string> = {
  token?: string;
  /** The store the call acts on (X-Store); the caller's default store when absent. */
  store?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Raw body sent as is (file uploads); `body` is sent as JSON. */
  raw?: string | Uint8Array;
} & (ParamNames<P> extends never ? { params?: undefined } : { params: Record<ParamNames<P>, string | number> }) &
  (ApiRoutes[K]['body'] extends undefined ? { body?: undefined } : { body: ApiRoutes[K]['body'] });

/** A typed answer: `body` is the route's success type when `ok`, the API error shape otherwise. */
export type TypedResponse<R> = (ApiResponse<R> & { ok: true }) | (ApiResponse<ApiError> & { ok: false });

/** Fills `{name}` placeholders with URL-encoded values. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

function caller<M extends Method>(t: TestApp, method: M) {
  return async <P extends PathOf<M>>(
    path: P,
    options: CallOptions<`${M} ${P}` & RouteKey, P>,
  ): Promise<TypedResponse<ApiRoutes[`${M} ${P}` & RouteKey]['response']>> => {
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    const headers = { ...options.headers, ...(options.store ? { 'x-store': options.store } : {}) };
    const res = await t.request(method, fillPath(path, options.params) + query, {
      token: options.token,
      body: options.body,
      raw: options.raw,
      headers,
    });
    return { ...res, ok: res.status < 400 } as TypedResponse<ApiRoutes[`${M} ${P}` & RouteKey]['response']>;
  };
}

/** `api(t).post('/api/secure/product', { token, body })`: bodies and answers typed by route. */
export function api(t: TestApp) {
  return {
    get: caller(t, 'GET'),
    post: caller(t, 'POST'),
    put: caller(t, 'PUT'),
    delete: caller(t, 'DELETE'),
  };
}
