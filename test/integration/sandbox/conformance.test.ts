/**
 * Conformance of the sandbox to the spec documents: every endpoint of spec v2 §4 (and the §5
 * token endpoint) and spec v3 §4 answers its documented success status with a body holding the
 * required fields of its response shape (test/support/specShapes.ts), its documented error
 * answers (400 invalid ids, 403, 200 empty), and 401 without a bearer token. The table below is
 * checked against the endpoint tables of the spec markdown, so an endpoint the spec names and
 * the table lacks fails the suite.
 *
 * Answers to ids outside the client's organizations are in permissions.test.ts; the
 * personal-data levels in personalData.test.ts.
 */
import { createHash, randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PUBLIC_CLIENT_ID, startSandbox, type Sandbox } from '../../../src/sandbox/index'
import * as shape from '../../support/specShapes'
import { specEndpoints } from '../../support/specEndpoints'
import { token } from './client'

/** The main federation's id (fixed by the generator), which the conformance client may write. */
const FED = 100
const REDIRECT_URI = 'http://127.0.0.1:9/callback'

/** A request of a row: the concrete path with its query, and the body and headers it needs. */
interface Call {
  path: string
  body?: unknown
  headers?: Record<string, string>
}

/** What came back: status, headers and the body (parsed JSON, else the text). */
interface Answer {
  status: number
  headers: Headers
  body: unknown
}

/** Ids of the generated data the rows address; all inside the conformance client's federation. */
interface Fixture {
  sandbox: Sandbox
  bearer: string
  period: number
  licence: number
  sport: number
  area: number
  club: number
  /** A PASSIVE club, which the v3 public organization interfaces leave out. */
  passiveClub: number
  /** A person with a user licence in `period`. */
  licensed: number
  /** A person with a user insurance in `period`. */
  insured: number
  meritGroup: number
  /** A merit of `meritGroup` with grants. */
  merit: number
  /** A free, published event without an attendee limit, with registrations. */
  event: { id: number; uuid: string; name: string; start: string }
  /** A paid event without an attendee limit. */
  paidEvent: string
  /** A person with an active registration to an event of the federation. */
  registrant: number
  masterClub: number
  /** Hands out licensed people in turn, for writes that add registrations. */
  nextPerson(): number
}

/** One endpoint of the spec and how to exercise it. */
interface Row {
  spec: 'v2' | 'v3'
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The path as the spec writes it. */
  path: string
  /** The documented successful request; may prepare what it needs first. */
  call(f: Fixture): Call | Promise<Call>
  /** The documented success status; '2xx' where the spec shows none. */
  status: number | '2xx'
  /** The documented response shape; lists must then be non-empty so the check has something to check. */
  shape?: z.ZodType
  /** Further documented properties of the successful answer. */
  check?(answer: Answer, f: Fixture): void | Promise<void>
  /** Documented error answers: a request and its status, or 'empty' for a 200 with an empty page. */
  errors?(f: Fixture): [Call, number | 'empty'][]
  /** false for the endpoints that take no bearer token (token endpoints, and the one the service does not implement). */
  bearer?: false
}

let f: Fixture

beforeAll(async () => {
  const sandbox = await startSandbox({
    athletes: 400,
    seed: 17,
    clients: [{ clientId: 'conformance', writableOrganizationIds: [FED], personalDataLevel: 'PERMISSION_USER_EXTENDED' }]
  })
  const { store, activity } = sandbox
  expect(sandbox.federationId).toBe(FED)
  const period = store.licencePeriodList(FED).at(-1)!.id
  const licence = store.licenceList(FED, period)[0]
  const licensed = store.userLicenceIds().map((id) => store.userLicence(id)!).find((u) => u.licencePeriodId === period)!.user.id
  const insured = store.userInsuranceIds().map((id) => store.userInsurance(id)!).find((u) => u.licencePeriodId === period)!.user.id
  const clubs = store.clubIds()
  const passiveClub = clubs.at(-1)!
  store.setOrganizationStatus(passiveClub, 'PASSIVE')
  const area = clubs.slice(0, -1).map((c) => store.organization(c)!.parentId!).find((p) => store.organization(p)!.type === 'AREA')!
  const grantedMerit = activity.merits.all().find((m) => activity.meritGroups.get(m.data.meritGroupId)!.data.organizationId === FED && activity.grantCollection(m.id).size > 0)!
  const open = (paid: boolean) =>
    activity.events
      .all()
      .find(
        (e) =>
          e.federationId === FED &&
          e.deletionMs === undefined &&
          e.status === 'PUBLISHED' &&
          e.visibility === 'PUBLIC' &&
          e.maxAttendeeCount === undefined &&
          (e.priceInCents > 0) === paid &&
          activity.listedRegistrations(e.id).length > 0 &&
          activity.registrationClosedReason(e) === undefined
      )!
  const event = open(false)
  const registrant = activity.registrations.all().find((r) => r.state === 'ACTIVE' && activity.events.get(r.eventId)!.federationId === FED && activity.events.get(r.eventId)!.deletionMs === undefined)!.userId
  const people = store.userLicenceIds().map((id) => store.userLicence(id)!.user.id)
  let turn = 0
  f = {
    sandbox,
    bearer: await token(sandbox, 'conformance'),
    period,
    licence: licence.id,
    sport: licence.sportsIds[0],
    area,
    club: clubs[0],
    passiveClub,
    licensed,
    insured,
    meritGroup: grantedMerit.data.meritGroupId,
    merit: grantedMerit.id,
    event: { id: event.id, uuid: event.uuid, name: event.name, start: event.start },
    paidEvent: open(true).uuid,
    registrant,
    masterClub: activity.masterClubIds[0],
    nextPerson: () => people[turn++ % people.length]
  }
})
afterAll(async () => {
  await f?.sandbox.close()
})

/** Sends a request to `{auth_url}` ('auth') or under `/api/public/{version}`. */
async function send(where: 'v2' | 'v3' | 'auth', method: Row['method'], call: Call, bearer?: string): Promise<Answer> {
  const prefix = where === 'auth' ? '' : `/api/public/${where}`
  const response = await fetch(`${f.sandbox.baseUrl}${prefix}${call.path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...call.headers
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body)
  })
  const text = await response.text()
  const json = (response.headers.get('content-type') ?? '').includes('json')
  return { status: response.status, headers: response.headers, body: json && text ? JSON.parse(text) : text }
}

/** Sends a row's request; the v2 token endpoint lives at `{auth_url}`. */
function sendRow(row: Row, call: Call, bearer?: string): Promise<Answer> {
  return send(row.path.startsWith('{auth_url}') ? 'auth' : row.spec, row.method, call, bearer)
}

/** A fresh registration of a licensed person to `eventUuid` (spec v2 §4.8), for the rows that change or pay one. */
async function register(eventUuid: string): Promise<number> {
  const answer = await send('v2', 'POST', { path: `/event/registration/${eventUuid}`, body: { participantUserId: f.nextPerson() } }, f.bearer)
  expect(answer.status).toBe(201)
  return (answer.body as { eventRegistrationId: number }).eventRegistrationId
}

/** POST /order of a fresh registration to the paid event (spec v2 §4.9, §2.17). */
async function orderCall(): Promise<Call> {
  const registrationId = await register(f.paidEvent)
  const userId = f.sandbox.activity.registrations.get(registrationId)!.userId
  return { path: '/order', body: { userId, source: 'EVENT_REGISTRATION', purchases: [{ beneficiaryUserId: userId, products: [{ productType: 'EVENT_REGISTRATION', productId: registrationId }] }] } }
}

/** The id of a new order (see orderCall). */
async function newOrder(): Promise<number> {
  const answer = await send('v2', 'POST', await orderCall(), f.bearer)
  expect(answer.status).toBe(200)
  return (answer.body as { orderId: number }).orderId
}

/** `/oauth/authorize` query of the PKCE public client (spec v3 §5) and the verifier behind its challenge. */
function pkce(): { query: URLSearchParams; verifier: string } {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const query = new URLSearchParams({ response_type: 'code', client_id: PUBLIC_CLIENT_ID, redirect_uri: REDIRECT_URI, state: 'conformance', nonce: 'n', code_challenge: challenge, code_challenge_method: 'S256' })
  return { query, verifier }
}

const q = (path: string, query: Record<string, string | number>): string => `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`

/** A v3 event body (spec v3 §2 CreateEvent) organized by the federation. */
function createEventBody(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    organizerId: FED,
    startDateTime: { date: '2031-05-10', time: '10:00' },
    endDateTime: { date: '2031-05-10', time: '14:00' },
    registrationCancellable: true,
    allowedRegisterer: 'BOTH',
    visibility: 'PUBLIC',
    purpose: 'SPORTS',
    ...extra
  }
}

const INVALID = 99_999_999

const ROWS: Row[] = [
  // ---- spec v2 §4.1 organizations ----
  { spec: 'v2', method: 'GET', path: '/organization', call: () => ({ path: '/organization' }), status: 200, shape: shape.page(shape.organization) },
  { spec: 'v2', method: 'GET', path: '/organization/{id}', call: (f) => ({ path: `/organization/${f.club}` }), status: 200, shape: shape.organization },
  { spec: 'v2', method: 'GET', path: '/organization/{id}/suborganizations', call: (f) => ({ path: `/organization/${f.area}/suborganizations` }), status: 200, shape: shape.page(shape.organization) },
  {
    spec: 'v2',
    method: 'POST',
    path: '/organization/{id}/suborganizations',
    call: (f) => ({ path: `/organization/${f.area}/suborganizations`, body: { type: 'CLUB', name: 'Konformanssin Rastiseura' } }),
    status: 201,
    shape: shape.organization
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/organization/{id}/list',
    call: () => ({ path: `/organization/${FED}/list` }),
    status: 200,
    shape: shape.page(shape.organization),
    // spec v2 §7: parent not a sports federation, malformed query parameters.
    errors: (f) => [
      [{ path: `/organization/${f.club}/list` }, 400],
      [{ path: `/organization/${FED}/list?orgtypes=TEAM` }, 400],
      [{ path: `/organization/${FED}/list?orgtypes=${'CLUB,'.repeat(4)}` }, 400],
      [{ path: `/organization/${FED}/list?size=0` }, 400],
      [{ path: `/organization/${FED}/list?page=-1` }, 400]
    ]
  },
  {
    spec: 'v2',
    method: 'PUT',
    path: '/organization/{id}/users',
    call: (f) => ({ path: `/organization/${f.club}/users`, body: { authorizedOrganizationUser: { organizationId: f.club, userId: f.licensed, write: false }, inviterName: 'Konformanssitesti' } }),
    status: 200
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/organization/{id}/verifyAccess',
    call: (f) => ({ path: `/organization/${f.club}/verifyAccess?writeAccess=true` }),
    status: 200,
    errors: () => [[{ path: `/organization/${INVALID}/verifyAccess` }, 403]]
  },

  // ---- spec v2 §4.2 licences, licence periods, sports, insurances ----
  {
    spec: 'v2',
    method: 'GET',
    path: '/licence/{sportsFederationId}',
    call: () => ({ path: `/licence/${FED}` }),
    status: 200,
    shape: shape.page(shape.licence),
    errors: () => [[{ path: `/licence/${INVALID}` }, 400]]
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/licence/{sportsFederationId}/{licencePeriodId}',
    call: (f) => ({ path: `/licence/${FED}/${f.period}` }),
    status: 200,
    shape: shape.page(shape.licence),
    errors: (f) => [
      [{ path: `/licence/${INVALID}/${f.period}` }, 400],
      [{ path: `/licence/${FED}/${INVALID}` }, 400]
    ]
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/licence/{sportsFederationId}/{licencePeriodId}/sport/{sportId}',
    call: (f) => ({ path: `/licence/${FED}/${f.period}/sport/${f.sport}` }),
    status: 200,
    shape: shape.page(shape.licence),
    errors: (f) => [
      [{ path: `/licence/${FED}/${INVALID}/sport/${f.sport}` }, 'empty'],
      [{ path: `/licence/${INVALID}/${f.period}/sport/${f.sport}` }, 403]
    ]
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/licenceperiod/{sportsFederationId}',
    call: () => ({ path: `/licenceperiod/${FED}` }),
    status: 200,
    shape: shape.page(shape.licencePeriod),
    errors: (f) => [
      [{ path: `/licenceperiod/${f.club}` }, 400],
      [{ path: `/licenceperiod/${f.area}` }, 400]
    ]
  },
  { spec: 'v2', method: 'GET', path: '/sport/{sportsFederationId}', call: () => ({ path: `/sport/${FED}` }), status: 200, shape: shape.page(shape.sport) },
  {
    spec: 'v2',
    method: 'GET',
    path: '/insurance/{sportsFederationId}',
    call: () => ({ path: `/insurance/${FED}` }),
    status: 200,
    shape: shape.page(shape.insurance),
    errors: () => [[{ path: `/insurance/${INVALID}` }, 400]]
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/insurance/{sportsFederationId}/{licencePeriodId}',
    call: (f) => ({ path: `/insurance/${FED}/${f.period}` }),
    status: 200,
    shape: shape.page(shape.insurance),
    errors: (f) => [
      [{ path: `/insurance/${INVALID}/${f.period}` }, 400],
      [{ path: `/insurance/${FED}/${INVALID}` }, 400]
    ]
  },

  // ---- spec v2 §4.3 merits ----
  {
    spec: 'v2',
    method: 'GET',
    path: '/merit-group/{organizationId}',
    call: () => ({ path: `/merit-group/${FED}` }),
    status: 200,
    shape: shape.page(shape.meritGroup),
    errors: () => [[{ path: `/merit-group/${INVALID}` }, 400]]
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/merit/{groupId}',
    call: (f) => ({ path: `/merit/${f.meritGroup}` }),
    status: 200,
    shape: shape.page(shape.merit),
    errors: () => [[{ path: `/merit/${INVALID}` }, 400]]
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/granted-merit/{meritId}',
    call: (f) => ({ path: `/granted-merit/${f.merit}` }),
    status: 200,
    shape: shape.page(shape.grantedMerit),
    // validUntilDate exists for every validity type but PERPETUAL (spec v2 §2.8, §2.9).
    check: (answer, f) => {
      const perpetual = f.sandbox.activity.merits.get(f.merit)!.data.meritValidityPeriodType === 'PERPETUAL'
      for (const item of (answer.body as { content: { grantedMerit: Record<string, unknown> }[] }).content) expect('validUntilDate' in item.grantedMerit).toBe(!perpetual)
    },
    errors: () => [[{ path: `/granted-merit/${INVALID}` }, 400]]
  },
  {
    spec: 'v2',
    method: 'POST',
    path: '/merit-grant/grant/{meritId}',
    call: (f) => ({ path: `/merit-grant/grant/${f.merit}`, body: { grantingDate: '2025-04-01', meritGranter: 'Liiton hallitus', meritGrantees: [f.licensed] } }),
    status: 200
  },

  // ---- spec v2 §4.4 user licences ----
  {
    spec: 'v2',
    method: 'GET',
    path: '/user-licence/{sportsFederationId}',
    call: () => ({ path: `/user-licence/${FED}?includeSportParams=true` }),
    status: 200,
    shape: shape.page(shape.userLicence),
    errors: () => [[{ path: `/user-licence/${INVALID}` }, 400]]
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/user-licence/{sportsFederationId}/{licencePeriodId}',
    call: (f) => ({ path: `/user-licence/${FED}/${f.period}?includeUpgradedLicences=false` }),
    status: 200,
    shape: shape.page(shape.userLicence),
    errors: (f) => [
      [{ path: `/user-licence/${INVALID}/${f.period}` }, 400],
      [{ path: `/user-licence/${FED}/${INVALID}` }, 400]
    ]
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/user-licence/{sportsFederationId}/{licencePeriodId}/{licenceId}',
    call: (f) => ({ path: `/user-licence/${FED}/${f.period}/${f.licence}` }),
    status: 200,
    shape: shape.page(shape.userLicence),
    errors: (f) => [
      [{ path: `/user-licence/${INVALID}/${f.period}/${f.licence}` }, 400],
      [{ path: `/user-licence/${FED}/${INVALID}/${f.licence}` }, 400],
      [{ path: `/user-licence/${FED}/${f.period}/${INVALID}` }, 400]
    ]
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/user-licence/{sportsFederationId}/{licencePeriodId}/sport/{sportId}',
    call: (f) => ({ path: `/user-licence/${FED}/${f.period}/sport/${f.sport}` }),
    status: 200,
    shape: shape.page(shape.userLicence),
    errors: (f) => [
      [{ path: `/user-licence/${FED}/${INVALID}/sport/${f.sport}` }, 'empty'],
      [{ path: `/user-licence/${FED}/${f.period}/sport/${INVALID}` }, 'empty'],
      [{ path: `/user-licence/${INVALID}/${f.period}/sport/${f.sport}` }, 403]
    ]
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/user-licence/{sportsFederationId}/{licencePeriodId}/user/{userId}',
    call: (f) => ({ path: `/user-licence/${FED}/${f.period}/user/${f.licensed}` }),
    status: 200,
    shape: shape.page(shape.userLicence),
    errors: (f) => [
      [{ path: `/user-licence/${FED}/${INVALID}/user/${f.licensed}` }, 'empty'],
      [{ path: `/user-licence/${FED}/${f.period}/user/${INVALID}` }, 'empty'],
      [{ path: `/user-licence/${INVALID}/${f.period}/user/${f.licensed}` }, 403]
    ]
  },

  // ---- spec v2 §4.5 user insurances ----
  {
    spec: 'v2',
    method: 'GET',
    path: '/user-insurance/{sportsFederationId}',
    call: () => ({ path: `/user-insurance/${FED}` }),
    status: 200,
    shape: shape.page(shape.userInsurance),
    errors: () => [[{ path: `/user-insurance/${INVALID}` }, 400]]
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/user-insurance/{sportsFederationId}/{licencePeriodId}',
    call: (f) => ({ path: `/user-insurance/${FED}/${f.period}` }),
    status: 200,
    shape: shape.page(shape.userInsurance),
    errors: (f) => [
      [{ path: `/user-insurance/${INVALID}/${f.period}` }, 400],
      [{ path: `/user-insurance/${FED}/${INVALID}` }, 400]
    ]
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/user-insurance/{sportsFederationId}/{licencePeriodId}/user/{userId}',
    call: (f) => ({ path: `/user-insurance/${FED}/${f.period}/user/${f.insured}` }),
    status: 200,
    shape: shape.page(shape.userInsurance),
    errors: (f) => [
      [{ path: `/user-insurance/${FED}/${INVALID}/user/${f.insured}` }, 'empty'],
      [{ path: `/user-insurance/${FED}/${f.period}/user/${INVALID}` }, 'empty'],
      [{ path: `/user-insurance/${INVALID}/${f.period}/user/${f.insured}` }, 403]
    ]
  },

  // ---- spec v2 §4.6 club transfer, §4.7 sport parameters ----
  {
    spec: 'v2',
    method: 'POST',
    path: '/user-licence-club-transfer/sports-federation/{sportsFederationId}/user-licence/{userLicenceId}',
    call: (f) => {
      const userLicence = f.sandbox.store.userLicence(f.sandbox.store.userLicenceIds()[11])!
      const target = f.sandbox.store.clubIds().find((c) => c !== userLicence.licenceOrganizationId)!
      return { path: `/user-licence-club-transfer/sports-federation/${FED}/user-licence/${userLicence.id}`, body: { targetClubId: target } }
    },
    status: 201
  },
  { spec: 'v2', method: 'GET', path: '/sport-parameter/{sportsFederationId}', call: () => ({ path: `/sport-parameter/${FED}` }), status: 200, shape: shape.page(shape.sportParameter) },

  // ---- spec v2 §4.8 event registrations ----
  {
    spec: 'v2',
    method: 'POST',
    path: '/event/registration/{eventUuid}',
    call: (f) => ({ path: `/event/registration/${f.event.uuid}`, body: { participantUserId: f.nextPerson(), additionalDetails: 'Sarja H35' } }),
    status: 201,
    shape: shape.eventRegistrationCreated,
    // "header Location (string R); body as request".
    check: (answer) => {
      expect(answer.headers.get('location')).toMatch(/\S/)
      expect((answer.body as { additionalDetails?: string }).additionalDetails).toBe('Sarja H35')
    }
  },
  { spec: 'v2', method: 'GET', path: '/event/registration/{eventUuid}', call: (f) => ({ path: `/event/registration/${f.event.uuid}` }), status: 200, shape: z.array(shape.eventRegistration) },
  {
    spec: 'v2',
    method: 'DELETE',
    path: '/event/registration/{eventUuid}/{eventRegistrationId}',
    call: async (f) => ({ path: `/event/registration/${f.event.uuid}/${await register(f.event.uuid)}` }),
    status: 200
  },
  { spec: 'v2', method: 'GET', path: '/event/registration/user/{userId}', call: (f) => ({ path: `/event/registration/user/${f.registrant}` }), status: 200, shape: z.array(shape.eventRegistration) },
  { spec: 'v2', method: 'GET', path: '/event/registered-event-users/{eventId}', call: (f) => ({ path: `/event/registered-event-users/${f.event.id}` }), status: 200, shape: shape.page(shape.registeredEventUser) },

  // ---- spec v2 §4.9 orders ----
  {
    spec: 'v2',
    method: 'POST',
    path: '/order',
    call: orderCall,
    status: 200,
    shape: shape.order
  },
  { spec: 'v2', method: 'POST', path: '/order/{orderId}/cancel', call: async () => ({ path: `/order/${await newOrder()}/cancel` }), status: 200 },
  { spec: 'v2', method: 'GET', path: '/order/{orderId}/payment/status', call: async () => ({ path: `/order/${await newOrder()}/payment/status` }), status: 200, shape: shape.paymentStatus },
  { spec: 'v2', method: 'GET', path: '/order/{orderId}/payment/methods', call: async () => ({ path: `/order/${await newOrder()}/payment/methods` }), status: 200, shape: shape.paymentMethods },
  {
    spec: 'v2',
    method: 'POST',
    path: '/order/{orderId}/payment/{paymentMethodCode}',
    call: async () => {
      const orderId = await newOrder()
      const methods = await send('v2', 'GET', { path: `/order/${orderId}/payment/methods` }, f.bearer)
      const code = (methods.body as { paymentMethods: { paymentMethodCode: string }[] }).paymentMethods[0].paymentMethodCode
      return { path: `/order/${orderId}/payment/${code}?clientId=conformance` }
    },
    status: 200,
    shape: shape.paymentInitiation
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/orders/{orderIds}/payment/status',
    call: async () => ({ path: `/orders/${await newOrder()},${INVALID}/payment/status` }),
    status: 200,
    shape: shape.paymentStatuses,
    // "an element is null when its order is not found".
    check: (answer) => {
      const [known, unknown] = answer.body as (string | null)[]
      expect(known).not.toBeNull()
      expect(unknown).toBeNull()
    }
  },

  // ---- spec v2 §4.10 client data (the GET body shape and the DELETE answer are not shown) ----
  { spec: 'v2', method: 'GET', path: '/client-data', call: () => ({ path: '/client-data' }), status: 200 },
  { spec: 'v2', method: 'PUT', path: '/client-data', call: () => ({ path: '/client-data', body: { content: 'kursori=17' } }), status: 204 },
  { spec: 'v2', method: 'DELETE', path: '/client-data', call: () => ({ path: '/client-data' }), status: '2xx' },

  // ---- spec v2 §4.11 event search ----
  {
    spec: 'v2',
    method: 'GET',
    path: '/event/search',
    call: (f) => ({ path: q('/event/search', { searchTerm: f.event.name.split(' ')[0] }) }),
    status: 200,
    shape: shape.page(shape.eventSearchResult)
  },
  {
    spec: 'v2',
    method: 'GET',
    path: '/event/search/{federationId}',
    call: (f) => ({ path: q(`/event/search/${FED}`, { dateTimeRangeStart: `${f.event.start.slice(0, 4)}-01-01T00:00`, dateTimeRangeEnd: `${f.event.start.slice(0, 4)}-12-31T23:59` }) }),
    status: 200,
    shape: shape.page(shape.eventSearchResult)
  },

  // ---- spec v2 §5 client credentials ----
  {
    spec: 'v2',
    method: 'POST',
    path: '{auth_url}/oauth2/token',
    call: (f) => {
      const c = f.sandbox.clientCredentials('conformance')
      const basic = Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')
      return { path: '/oauth2/token?grant_type=client_credentials', headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' } }
    },
    status: 200,
    shape: shape.clientCredentialsToken,
    bearer: false
  },

  // ---- spec v3 §4 ----
  { spec: 'v3', method: 'GET', path: '/area-association', call: () => ({ path: '/area-association' }), status: 200, shape: z.array(shape.publicOrganizationSelectItem) },
  {
    spec: 'v3',
    method: 'GET',
    path: '/area-association/{areaAssociationId}/listChildren',
    call: (f) => ({ path: q(`/area-association/${f.area}/listChildren`, { page: 0, size: 5 }) }),
    status: 200,
    shape: shape.publicOrganizationPage
  },
  { spec: 'v3', method: 'GET', path: '/sportsfederation/{federationId}/mastersports', call: () => ({ path: `/sportsfederation/${FED}/mastersports` }), status: 200, shape: z.array(shape.apiMasterSport) },
  { spec: 'v3', method: 'GET', path: '/mastersports', call: () => ({ path: '/mastersports' }), status: 200, shape: z.array(shape.apiMasterSport) },
  { spec: 'v3', method: 'GET', path: '/municipalities', call: () => ({ path: '/municipalities' }), status: 200, shape: z.array(shape.municipalityListResponse) },
  {
    spec: 'v3',
    method: 'POST',
    path: '/oauth/tokens',
    call: async () => {
      const { query, verifier } = pkce()
      const authorized = await send('v3', 'GET', { path: `/oauth/authorize?${query}` })
      const code = new URL(authorized.headers.get('location')!).searchParams.get('code')!
      return { path: q('/oauth/tokens', { grant_type: 'authorization_code', client_id: PUBLIC_CLIENT_ID, code, redirect_uri: REDIRECT_URI, code_verifier: verifier }) }
    },
    status: 200,
    shape: shape.v3Token,
    bearer: false
  },
  {
    spec: 'v3',
    method: 'GET',
    path: '/oauth/authorize',
    call: () => ({ path: `/oauth/authorize?${pkce().query}` }),
    // "200 String, or 302": with a redirect_uri the answer is the redirect carrying code and state.
    status: 302,
    check: (answer) => {
      const location = new URL(answer.headers.get('location')!)
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI)
      expect(location.searchParams.get('code')).toMatch(/\S/)
      expect(location.searchParams.get('state')).toBe('conformance')
    },
    bearer: false
  },
  {
    spec: 'v3',
    method: 'POST',
    path: '/webhook-example',
    // spec v3 §6: an illustration for clients to implement, "not implemented by the service";
    // what it would receive is checked on the payloads the sandbox sends to a registered webhook.
    call: () => ({ path: '/webhook-example', body: { id: 1, type: 'EVENT', eventPayload: { type: 'UPDATE', eventId: 1, timestamp: '2031-01-01T00:00:00+02:00' } } }),
    status: 404,
    check: async (_answer, f) => {
      const received: unknown[] = []
      const server = createServer((request, response) => {
        let text = ''
        request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
        request.on('end', () => {
          received.push(JSON.parse(text))
          response.end()
        })
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      try {
        const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`
        const created = await send('v3', 'POST', { path: '/event', body: createEventBody('Konformanssin webhook-kisat', { webhookUrl: url }) }, f.bearer)
        const { id, uuid } = created.body as { id: number; uuid: string }
        const registrationId = await register(uuid)
        await send('v2', 'DELETE', { path: `/event/registration/${uuid}/${registrationId}` }, f.bearer)
        f.sandbox.activity.updateEvent(id, { name: 'Konformanssin webhook-kisat (siirretty)' })
        f.sandbox.activity.deleteEvent(id)
        await f.sandbox.webhooks.idle()
      } finally {
        await new Promise((resolve) => server.close(resolve))
      }
      const payloads = received.map((body) => shape.eventWebhookEvent.parse(body))
      const kinds = payloads.map((p) => (p.type === 'EVENT' ? `EVENT ${p.eventPayload.type}` : `EVENT_REGISTRATION ${p.eventRegistrationPayload.type}`))
      expect(new Set(kinds)).toEqual(new Set(['EVENT_REGISTRATION CREATE', 'EVENT_REGISTRATION DELETE', 'EVENT UPDATE', 'EVENT DELETE']))
    },
    bearer: false
  },
  {
    spec: 'v3',
    method: 'POST',
    path: '/event/{eventUuid}/participants',
    call: (f) => ({ path: `/event/${f.event.uuid}/participants`, body: { userIds: [f.nextPerson()], grantEventMerits: false } }),
    status: 200
  },
  { spec: 'v3', method: 'GET', path: '/master-club/{masterClubId}/sportsClubs', call: (f) => ({ path: `/master-club/${f.masterClub}/sportsClubs` }), status: 200, shape: z.array(shape.apiSportsClub) },
  {
    spec: 'v3',
    method: 'POST',
    path: '/merit',
    call: (f) => ({
      path: '/merit',
      body: { name: 'Konformanssimerkki', description: 'Testimerkki', meritGroupId: f.meritGroup, organizationId: FED, meritGrantingAuthorType: 'FEDERATION', meritValidityPeriodType: 'PERPETUAL', type: 'COMPETITION' }
    }),
    status: 200,
    shape: shape.createdMerit
  },
  { spec: 'v3', method: 'GET', path: '/api-version-info', call: () => ({ path: '/api-version-info' }), status: 200, shape: shape.versionInfo },
  { spec: 'v3', method: 'GET', path: '/organization/municipality/list', call: () => ({ path: '/organization/municipality/list' }), status: 200, shape: z.array(shape.simplifiedOrganizationSearchResponse) },
  {
    spec: 'v3',
    method: 'GET',
    path: '/organization/sports-federation/list',
    call: () => ({ path: '/organization/sports-federation/list?includePassive=true' }),
    status: 200,
    shape: z.array(shape.organizationSearchResponse)
  },
  {
    spec: 'v3',
    method: 'GET',
    path: '/organization/getMultiple',
    call: (f) => ({ path: `/organization/getMultiple?organizationIds=${f.club},${f.passiveClub},${FED}` }),
    status: 200,
    shape: z.array(shape.publicOrganization),
    // "only organizations that are not deleted and not PASSIVE".
    check: (answer, f) => expect((answer.body as { id: number }[]).map((o) => o.id).sort()).toEqual([f.club, FED].sort())
  },
  {
    spec: 'v3',
    method: 'GET',
    path: '/organization/queryVisibility',
    call: (f) => ({ path: `/organization/queryVisibility?organizationIds=${f.club},${f.passiveClub},${INVALID}` }),
    status: 200,
    shape: z.array(z.int()),
    check: (answer, f) => expect(answer.body).toEqual([f.club])
  },
  {
    spec: 'v3',
    method: 'GET',
    path: '/organization/search',
    call: (f) => ({ path: q('/organization/search', { name: f.sandbox.store.organization(f.club)!.name.toLowerCase() }) }),
    status: 200,
    shape: z.array(shape.organizationSearchResponse).max(20)
  },
  { spec: 'v3', method: 'POST', path: '/event', call: () => ({ path: '/event', body: createEventBody('Konformanssin kevätkisat') }), status: 200, shape: shape.createdEvent },
  {
    spec: 'v3',
    method: 'GET',
    path: '/event',
    call: () => ({ path: '/event' }),
    status: 200,
    shape: shape.apiEventPage,
    // spec v3 §8: default page 0, default page size 50.
    check: (answer) => expect((answer.body as { pageable: unknown }).pageable).toMatchObject({ page: 0, size: 50 })
  },
  {
    spec: 'v3',
    method: 'GET',
    path: '/user/{sportId}/user-id',
    call: (f) => ({ path: `/user/${f.sandbox.store.person(f.licensed)!.sportId}/user-id` }),
    status: 200,
    shape: shape.userInfo,
    check: (answer, f) => expect(answer.body).toEqual({ userId: f.licensed }),
    // "403: Sport-ID invalid".
    errors: () => [
      [{ path: '/user/12345678/user-id' }, 403],
      [{ path: '/user/1234/user-id' }, 403]
    ]
  }
]

const name = (r: Row): string => `${r.spec} ${r.method} ${r.path}`

/** The page content or the array a list answer holds, else undefined. */
function listOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body
  const content = (body as { content?: unknown } | undefined)?.content
  return Array.isArray(content) ? content : undefined
}

describe('the conformance table covers the spec', () => {
  it('holds every (method, path) of spec v2 §4, §5 and spec v3 §4, §5, and nothing the spec lacks', () => {
    const spec = [...specEndpoints('public-data-api-v2.md').map((e) => `v2 ${e.method} ${e.path}`), ...specEndpoints('public-data-api-v3.md').map((e) => `v3 ${e.method} ${e.path}`)]
    const table = ROWS.map(name)
    expect(new Set(table).size).toBe(table.length)
    expect(spec.filter((e) => !table.includes(e)), 'spec endpoints missing from the table').toEqual([])
    expect(table.filter((e) => !spec.includes(e)), 'table rows the spec does not name').toEqual([])
  })
})

describe('every endpoint answers as documented (spec v2 §4, §5; spec v3 §4, §5)', () => {
  it.each(ROWS.map((r) => [name(r), r] as const))('%s: success status and required fields', async (_, row) => {
    const answer = await sendRow(row, await row.call(f), row.bearer === false ? undefined : f.bearer)
    const status = row.status === '2xx' ? Math.floor(answer.status / 100) * 100 : answer.status
    expect(status, JSON.stringify(answer.body)).toBe(row.status === '2xx' ? 200 : row.status)
    if (row.shape) {
      const parsed = row.shape.safeParse(answer.body)
      expect(parsed.success, parsed.error && z.prettifyError(parsed.error)).toBe(true)
      const list = listOf(answer.body)
      if (list) expect(list.length, 'a list to check the item shape on').toBeGreaterThan(0)
    }
    await row.check?.(answer, f)
  })

  const withErrors = ROWS.filter((r) => r.errors)
  it.each(withErrors.map((r) => [name(r), r] as const))('%s: documented error answers', async (_, row) => {
    for (const [call, expected] of row.errors!(f)) {
      const answer = await sendRow(row, call, f.bearer)
      if (expected === 'empty') {
        expect(answer.status, call.path).toBe(200)
        expect(answer.body, call.path).toMatchObject({ content: [], pageable: { total: 0 } })
      } else {
        expect(answer.status, call.path).toBe(expected)
      }
    }
  })

  // spec v2 §4: "All require the bearer token"; v3 leaves it open and the sandbox requires the same tokens.
  const withBearer = ROWS.filter((r) => r.bearer !== false)
  it.each(withBearer.map((r) => [name(r), r] as const))('%s: 401 without a bearer token', async (_, row) => {
    const answer = await sendRow(row, await row.call(f))
    expect(answer.status).toBe(401)
  })
})
