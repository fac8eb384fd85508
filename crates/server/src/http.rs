//! The JSON API under `/api` (docs/online.md): create, look at and join games, download a
//! record, draw a QR code; open a class, join it, and the teacher's commands.

use crate::class::{self, Refused};
use crate::hub::Wanted;
use crate::limits::PerMinute;
use crate::play::Kind;
use crate::protocol::Seat;
use crate::{ids, AppState};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;

/// Counts `what` for the address of `peer`: 429 `rate-limited` past its limit a minute.
fn per_minute(app: &AppState, peer: SocketAddr, what: PerMinute) -> Result<(), ApiError> {
    let limits = &app.hub.config.limits;
    let (limit, things) = match what {
        PerMinute::Games => (limits.games_per_minute, "games or classes created"),
        PerMinute::ClassCommands => (limits.class_commands_per_minute, "class joins and commands"),
    };
    if app.addresses.count(peer.ip(), what, limit) {
        Ok(())
    } else {
        Err(ApiError(
            StatusCode::TOO_MANY_REQUESTS,
            "rate-limited",
            format!("at most {limit} {things} a minute from one address"),
        ))
    }
}

/// The largest request body the API reads.
pub const MAX_BODY: usize = 4096;
/// The longest text a QR code is drawn for.
const QR_MAX: usize = 300;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/online", get(online))
        .route("/api/games", post(create))
        .route("/api/games/{id}/invite/{code}", get(invite))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/record", get(record))
        .route("/api/qr.svg", get(qr))
        .route("/api/classes", post(create_class))
        .route("/api/class-codes/{code}", get(class_by_code))
        .route("/api/class-codes/{code}/join", post(join_class))
        .route("/api/classes/{id}", get(wall))
        .route("/api/classes/{id}/pupil", get(pupil))
        .route("/api/classes/{id}/start", post(start_class))
        .route("/api/classes/{id}/pause", post(pause_class))
        .route("/api/classes/{id}/resume", post(resume_class))
        .route("/api/classes/{id}/end", post(end_class))
        .route("/api/classes/{id}/records", get(class_records))
}

/// An API error: `{"code", "message"}` with a 4xx or 5xx status.
pub struct ApiError(StatusCode, &'static str, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let ApiError(status, code, message) = self;
        (status, Json(json!({ "code": code, "message": message }))).into_response()
    }
}

fn bad(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, code, message.into())
}

fn not_found() -> ApiError {
    ApiError(StatusCode::NOT_FOUND, "unknown-game", "no such game".into())
}

fn internal(e: String) -> ApiError {
    eprintln!("ludi-server: {e}");
    ApiError(
        StatusCode::SERVICE_UNAVAILABLE,
        "unavailable",
        "the server could not do that now; try again".into(),
    )
}

/// A JSON body read by hand, so a bad one gets this API's error shape.
fn body<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, ApiError> {
    serde_json::from_str(text).map_err(|e| bad("bad-request", e.to_string()))
}

async fn online() -> Json<serde_json::Value> {
    Json(json!({ "online": true }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    game: String,
    #[serde(default)]
    rules: Option<String>,
    side: String,
    name: String,
}

/// The seat asked for, or a random one.
fn side(kind: Kind, side: &str) -> Result<Seat, ApiError> {
    let seats = kind.seats();
    if side == "random" {
        let [byte] = ids::random_bytes::<1>().map_err(internal)?;
        return Ok(seats[usize::from(byte & 1)]);
    }
    seats.into_iter().find(|s| s.name() == side).ok_or_else(|| {
        bad(
            "bad-side",
            format!(
                "{} is played by {} or {}",
                kind.name(),
                seats[0].name(),
                seats[1].name()
            ),
        )
    })
}

async fn create(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    text: String,
) -> Result<Response, ApiError> {
    let wanted: CreateBody = body(&text)?;
    let kind = Kind::from_name(&wanted.game)
        .ok_or_else(|| bad("bad-game", "the game is scripta or latrunculi"))?;
    let rules = kind
        .rules(wanted.rules.as_deref().unwrap_or(""))
        .map_err(|e| bad("bad-rules", e))?;
    let seat = side(kind, &wanted.side)?;
    let name = ids::name(&wanted.name).map_err(|e| bad("bad-name", e))?;
    per_minute(&app, peer, PerMinute::Games)?;
    let created = app
        .hub
        .create(Wanted {
            kind,
            rules,
            seat,
            name,
        })
        .await
        .map_err(internal)?;
    let answer = json!({
        "id": created.id,
        "seat": created.seat,
        "token": created.token,
        "invite": created.invite,
        "watch": created.watch,
    });
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

async fn invite(
    State(app): State<AppState>,
    Path((id, code)): Path<(String, String)>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let room = app
        .hub
        .room(&id)
        .await
        .map_err(internal)?
        .ok_or_else(not_found)?;
    if !ids::is_code(&code, ids::CODE_LEN) {
        return Err(not_found());
    }
    let invite = app
        .hub
        .db
        .invite(&id, &code)
        .await
        .map_err(internal)?
        .ok_or_else(not_found)?;
    let room = room.lock().await;
    let host = room.names().into_iter().flatten().next();
    let state = room.state(Seat::Watch);
    Ok(Json(json!({
        "game": state["game"],
        "rules": state["rules"],
        "host": host,
        "seat": invite.seat,
        "open": !invite.used,
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    code: String,
    name: String,
}

async fn join(
    State(app): State<AppState>,
    Path(id): Path<String>,
    text: String,
) -> Result<Json<serde_json::Value>, ApiError> {
    let wanted: JoinBody = body(&text)?;
    let name = ids::name(&wanted.name).map_err(|e| bad("bad-name", e))?;
    if !ids::is_code(&wanted.code, ids::CODE_LEN) {
        return Err(not_found());
    }
    match app
        .hub
        .join(&id, &wanted.code, &name)
        .await
        .map_err(internal)?
    {
        Some((seat, token)) => Ok(Json(json!({ "seat": seat, "token": token }))),
        None if app.hub.room(&id).await.map_err(internal)?.is_none() => Err(not_found()),
        None => Err(ApiError(
            StatusCode::CONFLICT,
            "invite-used",
            "this invitation has been used".into(),
        )),
    }
}

/// The token of an `Authorization: Bearer` header, or nothing.
fn bearer(headers: &HeaderMap) -> &str {
    headers
        .get(AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .unwrap_or("")
}

fn text_plain(text: String) -> Response {
    (
        [(
            CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        )],
        text,
    )
        .into_response()
}

async fn record(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let room = app
        .hub
        .room(&id)
        .await
        .map_err(internal)?
        .ok_or_else(not_found)?;
    let token = bearer(&headers);
    let seat = app
        .hub
        .seat_for(&id, &room, token)
        .await
        .map_err(internal)?;
    if seat.is_none() {
        return Err(ApiError(
            StatusCode::FORBIDDEN,
            "bad-token",
            "only a player may download the record".into(),
        ));
    }
    let text = room.lock().await.record();
    Ok(text_plain(text))
}

#[derive(Deserialize)]
struct QrQuery {
    text: String,
}

async fn qr(Query(query): Query<QrQuery>) -> Result<Response, ApiError> {
    if query.text.is_empty() || query.text.chars().count() > QR_MAX {
        return Err(bad(
            "bad-text",
            format!("a QR code holds 1 to {QR_MAX} characters"),
        ));
    }
    let code =
        qrcode::QrCode::new(query.text.as_bytes()).map_err(|e| bad("bad-text", e.to_string()))?;
    let svg = code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .build();
    Ok((
        [(CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"))],
        svg,
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClassBody {
    game: String,
    #[serde(default)]
    rules: Option<String>,
}

fn unknown_class() -> ApiError {
    ApiError(
        StatusCode::NOT_FOUND,
        "unknown-class",
        "no such class".into(),
    )
}

/// A command the class could not take, as the API answers it.
fn refused(why: Refused) -> ApiError {
    match why {
        Refused::Full => ApiError(
            StatusCode::CONFLICT,
            "class-full",
            format!("a class takes at most {} pupils", class::MAX_PUPILS),
        ),
        Refused::Ended => ApiError(StatusCode::GONE, "class-ended", "the lesson is over".into()),
        Refused::BadPairs(why) => bad("bad-pairs", why),
        Refused::BadLevel(why) => bad("bad-level", why),
    }
}

async fn create_class(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    text: String,
) -> Result<Response, ApiError> {
    let wanted: ClassBody = body(&text)?;
    let kind = Kind::from_name(&wanted.game)
        .ok_or_else(|| bad("bad-game", "the game is scripta or latrunculi"))?;
    let rules = kind
        .rules(wanted.rules.as_deref().unwrap_or(""))
        .map_err(|e| bad("bad-rules", e))?;
    per_minute(&app, peer, PerMinute::Games)?;
    let created = app.hub.create_class(kind, rules).await.map_err(internal)?;
    let mut answer = class::class_json(&created.row);
    answer["key"] = json!(created.key);
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// The live class a typed code names.
async fn live_class(app: &AppState, code: &str) -> Result<crate::store::ClassRow, ApiError> {
    let code = class::read_code(code).ok_or_else(unknown_class)?;
    app.hub
        .class_by_code(&code)
        .await
        .map_err(internal)?
        .ok_or_else(unknown_class)
}

async fn class_by_code(
    State(app): State<AppState>,
    Path(code): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    Ok(Json(class::class_json(&live_class(&app, &code).await?)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PupilBody {
    name: String,
}

async fn join_class(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(code): Path<String>,
    text: String,
) -> Result<Response, ApiError> {
    per_minute(&app, peer, PerMinute::ClassCommands)?;
    let wanted: PupilBody = body(&text)?;
    let name = ids::name(&wanted.name).map_err(|e| bad("bad-name", e))?;
    let row = live_class(&app, &code).await?;
    let (number, token) = app
        .hub
        .join_class(&row, &name)
        .await
        .map_err(internal)?
        .map_err(refused)?;
    let mut answer = class::class_json(&row);
    answer["number"] = json!(number);
    answer["name"] = json!(name);
    answer["token"] = json!(token);
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// The class `id` for its teacher's key; anyone else is told the class is unknown.
async fn teachers_class(
    app: &AppState,
    id: &str,
    headers: &HeaderMap,
) -> Result<crate::store::ClassRow, ApiError> {
    app.hub
        .class_for_teacher(id, bearer(headers))
        .await
        .map_err(internal)?
        .ok_or_else(unknown_class)
}

/// The wall after a command, from the class as the command left it.
async fn wall_of(app: &AppState, id: &str) -> Result<Json<serde_json::Value>, ApiError> {
    let row = app
        .hub
        .db
        .class(id)
        .await
        .map_err(internal)?
        .ok_or_else(unknown_class)?;
    Ok(Json(app.hub.class_wall(&row).await.map_err(internal)?))
}

async fn wall(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let row = teachers_class(&app, &id, &headers).await?;
    Ok(Json(app.hub.class_wall(&row).await.map_err(internal)?))
}

async fn pupil(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let (row, pupil) = app
        .hub
        .class_for_pupil(&id, bearer(&headers))
        .await
        .map_err(internal)?
        .ok_or_else(unknown_class)?;
    Ok(Json(class::pupil_json(&row, &pupil)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StartBody {
    #[serde(default)]
    pairs: Option<Vec<[i64; 2]>>,
    /// The level at which the computer plays the one pupil left waiting, if any.
    #[serde(default)]
    computer: Option<String>,
}

async fn start_class(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    text: String,
) -> Result<Json<serde_json::Value>, ApiError> {
    per_minute(&app, peer, PerMinute::ClassCommands)?;
    let row = teachers_class(&app, &id, &headers).await?;
    let wanted: StartBody = if text.trim().is_empty() {
        StartBody {
            pairs: None,
            computer: None,
        }
    } else {
        body(&text)?
    };
    app.hub
        .start_class(&row, wanted.pairs, wanted.computer)
        .await
        .map_err(internal)?
        .map_err(refused)?;
    wall_of(&app, &id).await
}

async fn pause(
    app: AppState,
    peer: SocketAddr,
    id: String,
    headers: HeaderMap,
    paused: bool,
) -> Result<Json<serde_json::Value>, ApiError> {
    per_minute(&app, peer, PerMinute::ClassCommands)?;
    let row = teachers_class(&app, &id, &headers).await?;
    app.hub
        .pause_class(&row, paused)
        .await
        .map_err(internal)?
        .map_err(refused)?;
    wall_of(&app, &id).await
}

async fn pause_class(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    pause(app, peer, id, headers, true).await
}

async fn resume_class(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    pause(app, peer, id, headers, false).await
}

async fn end_class(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    per_minute(&app, peer, PerMinute::ClassCommands)?;
    let row = teachers_class(&app, &id, &headers).await?;
    app.hub.end_class(&row).await.map_err(internal)?;
    wall_of(&app, &id).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordsQuery {
    #[serde(default)]
    game: Option<String>,
}

async fn class_records(
    State(app): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<RecordsQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let row = teachers_class(&app, &id, &headers).await?;
    let text = app
        .hub
        .class_records(&row, query.game.as_deref())
        .await
        .map_err(internal)?
        .ok_or_else(not_found)?;
    Ok(text_plain(text))
}
