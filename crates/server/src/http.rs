//! The JSON API under `/api` (docs/online.md): create, look at and join games, download a
//! record, draw a QR code.

use crate::hub::Wanted;
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
    let limit = app.hub.config.limits.games_per_minute;
    if !app.addresses.create_game(peer.ip(), limit) {
        return Err(ApiError(
            StatusCode::TOO_MANY_REQUESTS,
            "rate-limited",
            format!("at most {limit} games a minute from one address"),
        ));
    }
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
    let token = headers
        .get(AUTHORIZATION)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer "))
        .unwrap_or("");
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
    Ok((
        [(
            CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        )],
        text,
    )
        .into_response())
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
